import ArrowRight from 'lucide-react/icons/arrow-right';
import BadgeDollarSign from 'lucide-react/icons/badge-dollar-sign';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Compass from 'lucide-react/icons/compass';
import Percent from 'lucide-react/icons/percent';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Stamp from 'lucide-react/icons/stamp';
import Users from 'lucide-react/icons/users';
import Video from 'lucide-react/icons/video';
import Zap from 'lucide-react/icons/zap';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/Button';
import { DocumentTitle } from '../../ui/DocumentTitle';
import { Logo } from '../../ui/Logo';
import { LanguagePicker } from '../languages';
import { cn } from '../../ui/cn';

/** The landing page's calls to action use its own sign-up sub-path; the nav uses /signup. */
const LANDING_SIGNUP_PATH = '/landing/signup';
const YEAR = new Date().getFullYear();

const FEATURES: { id: FeatureId; icon: LucideIcon }[] = [
  { id: 'noSelfPromotion', icon: Compass },
  { id: 'lowestFees', icon: Percent },
  { id: 'noChargebacks', icon: ShieldCheck },
  { id: 'antiPiracy', icon: Stamp },
  { id: 'calls', icon: Video },
  { id: 'automation', icon: CalendarClock },
];
type FeatureId =
  'noSelfPromotion' | 'lowestFees' | 'noChargebacks' | 'antiPiracy' | 'calls' | 'automation';

const REASONS: { id: 'earnings' | 'payouts' | 'fans'; icon: LucideIcon }[] = [
  { id: 'earnings', icon: BadgeDollarSign },
  { id: 'payouts', icon: Zap },
  { id: 'fans', icon: Users },
];

const FAQ = ['selfPromotion', 'fees', 'chargebacks'] as const;

/** The marketing page at /landing/*: nav, hero, features, why, call to action, FAQ, footer. */
export function MarketingLanding() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-white text-slate-900">
      <DocumentTitle title={t('landing.documentTitle')} />
      <LandingNav />

      <main>
        <section className="relative overflow-hidden bg-gradient-to-b from-violet-50 via-white to-white">
          <div
            aria-hidden
            className="absolute top-[-10rem] left-1/2 size-[40rem] -translate-x-1/2 rounded-full bg-fuchsia-200/40 blur-3xl"
          />
          <div className="relative mx-auto max-w-4xl px-4 pt-20 pb-24 text-center sm:pt-28">
            <p className="inline-flex rounded-full bg-violet-100 px-3 py-1 text-sm font-medium text-violet-700">
              {t('landing.hero.eyebrow')}
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
              {t('landing.hero.title')}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
              {t('landing.hero.text')}
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link to={LANDING_SIGNUP_PATH} className={buttonClasses({ size: 'lg' })}>
                {t('landing.hero.cta')}
                <ArrowRight className="size-4" aria-hidden />
              </Link>
              <a href="#features" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
                {t('landing.hero.secondary')}
              </a>
            </div>
            <p className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-fuchsia-700">
              <span className="relative flex size-2.5" aria-hidden>
                <span className="absolute inline-flex size-full rounded-full bg-fuchsia-400 opacity-75 motion-safe:animate-ping" />
                <span className="relative inline-flex size-2.5 rounded-full bg-fuchsia-500" />
              </span>
              {t('landing.hero.note')}
            </p>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="py-20 sm:py-24">
          <div className="mx-auto max-w-6xl px-4">
            <SectionHeading
              id="features-title"
              title={t('landing.features.title')}
              subtitle={t('landing.features.subtitle')}
            />
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ id, icon: Icon }) => (
                <li
                  key={id}
                  className="rounded-3xl bg-white p-6 ring-1 ring-slate-200 transition-shadow hover:shadow-lg hover:shadow-violet-100"
                >
                  <span className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-600 to-fuchsia-500 text-white">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold">
                    {t(`landing.features.items.${id}.title`)}
                  </h3>
                  <p className="mt-2 text-slate-600">{t(`landing.features.items.${id}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section
          id="why-zura"
          aria-labelledby="why-title"
          className="bg-slate-950 py-20 text-white sm:py-24"
        >
          <div className="mx-auto max-w-6xl px-4">
            <SectionHeading
              id="why-title"
              title={t('landing.why.title')}
              subtitle={t('landing.why.subtitle')}
              inverted
            />
            <ul className="mt-12 grid gap-6 md:grid-cols-3">
              {REASONS.map(({ id, icon: Icon }) => (
                <li key={id} className="rounded-3xl bg-white/5 p-6 ring-1 ring-white/10">
                  <Icon className="size-7 text-fuchsia-300" aria-hidden />
                  <h3 className="mt-4 text-lg font-semibold">
                    {t(`landing.why.items.${id}.title`)}
                  </h3>
                  <p className="mt-2 text-slate-300">{t(`landing.why.items.${id}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="px-4 py-20 sm:py-24">
          <div className="mx-auto max-w-4xl rounded-3xl bg-gradient-to-br from-violet-600 to-fuchsia-500 px-6 py-14 text-center text-white shadow-xl shadow-violet-200 sm:px-12">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {t('landing.cta.title')}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-violet-100">{t('landing.cta.text')}</p>
            <Link
              to={LANDING_SIGNUP_PATH}
              className={cn(buttonClasses({ size: 'lg', variant: 'inverse' }), 'mt-8')}
            >
              {t('landing.cta.button')}
            </Link>
          </div>
        </section>

        <section aria-labelledby="faq-title" className="pb-20 sm:pb-24">
          <div className="mx-auto max-w-3xl px-4">
            <SectionHeading id="faq-title" title={t('landing.faq.title')} />
            <div className="mt-10 divide-y divide-slate-200 rounded-3xl ring-1 ring-slate-200">
              {FAQ.map((id) => (
                <details key={id} className="group px-6 py-5">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold focus-visible:outline-2 focus-visible:outline-violet-600 [&::-webkit-details-marker]:hidden">
                    {t(`landing.faq.items.${id}.question`)}
                    <ChevronDown
                      className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
                      aria-hidden
                    />
                  </summary>
                  <p className="mt-3 text-slate-600">{t(`landing.faq.items.${id}.answer`)}</p>
                </details>
              ))}
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <Logo />
            <p className="mt-2 text-sm text-slate-600">{t('landing.footer.tagline')}</p>
          </div>
          <nav aria-label={t('landing.footer.linksLabel')} className="flex gap-6 text-sm">
            <Link to="/login" className="text-slate-600 hover:text-slate-900">
              {t('landing.footer.login')}
            </Link>
            <Link to="/signup" className="text-slate-600 hover:text-slate-900">
              {t('landing.footer.signUp')}
            </Link>
          </nav>
          <LanguagePicker />
        </div>
        <p className="border-t border-slate-200 py-6 text-center text-sm text-slate-500">
          {t('landing.footer.rights', { year: YEAR })}
        </p>
      </footer>
    </div>
  );
}

function LandingNav() {
  const { t } = useTranslation();
  const anchor =
    'rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-violet-600';
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/80 backdrop-blur">
      <nav
        aria-label={t('landing.nav.label')}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 sm:h-16"
      >
        <Link
          to="/landing"
          className="me-auto flex h-16 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <Logo />
        </Link>
        {/* Spec: the nav has the Features and Why Zura anchors, on a phone too: there they take a
            row of their own under the logo, as the five items do not fit one 390 px row. */}
        <div className="order-last -mx-3 flex w-full gap-1 pb-2 sm:order-none sm:mx-0 sm:w-auto sm:pb-0">
          <a href="#features" className={anchor}>
            {t('landing.nav.features')}
          </a>
          <a href="#why-zura" className={anchor}>
            {t('landing.nav.whyZura')}
          </a>
        </div>
        <Link to="/login" className={anchor}>
          {t('landing.nav.login')}
        </Link>
        <Link to="/signup" className={buttonClasses({ size: 'sm' })}>
          {t('landing.nav.signUp')}
        </Link>
      </nav>
    </header>
  );
}

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle?: string;
  inverted?: boolean;
}

function SectionHeading({ id, title, subtitle, inverted = false }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {subtitle && (
        <p className={cn('mt-4 text-lg', inverted ? 'text-slate-300' : 'text-slate-600')}>
          {subtitle}
        </p>
      )}
    </div>
  );
}
