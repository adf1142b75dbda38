import type { ReactNode } from 'react';
import { DocumentTitle } from './DocumentTitle';

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}

/** The heading block of a page inside the app shell; also sets the tab title. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <DocumentTitle title={title} />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions}
    </header>
  );
}

export interface PlaceholderPanelProps {
  children: ReactNode;
}

/** A calm panel for sections that are not built yet (no fake data). */
export function PlaceholderPanel({ children }: PlaceholderPanelProps) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-sm text-slate-600">
      {children}
    </div>
  );
}
