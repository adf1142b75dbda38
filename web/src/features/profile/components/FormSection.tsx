import { useId, type ReactNode } from 'react';

interface FormSectionProps {
  title: string;
  children: ReactNode;
}

/** One titled card of the profile edit form, labelled by its heading. */
export function FormSection({ title, children }: FormSectionProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
