import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { DocumentTitle } from '../../../ui/DocumentTitle';
import { Logo } from '../../../ui/Logo';
import { LanguagePicker } from '../../languages';

export interface AuthLayoutProps {
  documentTitle: string;
  children: ReactNode;
  /** The login screen's brand panel ('Your next gen platform'), shown from the lg breakpoint. */
  withSidePanel?: boolean;
}

export function AuthLayout({ documentTitle, children, withSidePanel = false }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <DocumentTitle title={documentTitle} />
      {withSidePanel && <AuthSidePanel />}
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10">
        <Link
          to="/landing"
          className="mb-8 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-600"
        >
          <Logo />
        </Link>
        <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {children}
        </div>
        <div className="mt-6">
          <LanguagePicker />
        </div>
      </main>
    </div>
  );
}

function AuthSidePanel() {
  const { t } = useTranslation();
  return (
    <aside className="relative hidden w-[44%] max-w-2xl overflow-hidden bg-gradient-to-br from-violet-700 via-violet-600 to-fuchsia-500 p-12 text-white lg:flex lg:flex-col lg:justify-between">
      <div
        aria-hidden
        className="absolute -top-24 -end-24 size-96 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden
        className="absolute -bottom-32 -start-16 size-96 rounded-full bg-fuchsia-300/20 blur-3xl"
      />
      <Logo inverted className="relative" />
      <div className="relative max-w-md">
        <h2 className="text-4xl leading-tight font-bold tracking-tight">
          {t('auth.sidePanel.title')}
        </h2>
        <p className="mt-4 text-lg text-violet-100">{t('auth.sidePanel.text')}</p>
      </div>
    </aside>
  );
}

export interface AuthHeadingProps {
  title: string;
  subtitle?: string;
}

export function AuthHeading({ title, subtitle }: AuthHeadingProps) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
    </div>
  );
}

export interface AuthFooterLinkProps {
  text: string;
  linkText: string;
  to: string;
}

export function AuthFooterLink({ text, linkText, to }: AuthFooterLinkProps) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {text}{' '}
      <Link to={to} className="font-semibold text-violet-700 hover:underline">
        {linkText}
      </Link>
    </p>
  );
}
