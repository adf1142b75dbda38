import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** The heading's id: the section is labelled by it. */
  id: string;
  title: string;
  children: ReactNode;
}

/** A white card holding one titled section of a page (wallet, offers...). */
export function SectionCard({ id, title, children }: SectionCardProps) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
