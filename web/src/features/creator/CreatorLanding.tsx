import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import BadgeDollarSign from 'lucide-react/icons/badge-dollar-sign';
import Compass from 'lucide-react/icons/compass';
import Quote from 'lucide-react/icons/quote';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Stamp from 'lucide-react/icons/stamp';
import Video from 'lucide-react/icons/video';
import Zap from 'lucide-react/icons/zap';
import type { LucideIcon } from 'lucide-react';
import { useOwnProfile } from '../../lib/own-profile';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/Button';
import { DocumentTitle } from '../../ui/DocumentTitle';
import { cn } from '../../ui/cn';

/** Both calls to action lead to the creator application. */
const APPLY_PATH = '/creator';

const STATS = ['creators', 'paid', 'fans', 'satisfaction'] as const;

const BENEFITS: { id: BenefitId; icon: LucideIcon }[] = [
  { id: 'earnings', icon: BadgeDollarSign },
  { id: 'payouts', icon: Zap },
  { id: 'chargebacks', icon: ShieldCheck },
  { id: 'watermarks', icon: Stamp },
  { id: 'calls', icon: Video },
  { id: 'discovery', icon: Compass },
];
type BenefitId = 'earnings' | 'payouts' | 'chargebacks' | 'watermarks' | 'calls' | 'discovery';

/** How the watermarks hold up, from the measured figures (docs/benchmarks.md, issue 35). */
const WATERMARK_NOTE_LINES = [
  'creatorLanding.watermarkNote.scope',
  'creatorLanding.watermarkNote.images',
  'creatorLanding.watermarkNote.videos',
  'creatorLanding.watermarkNote.limits',
] as const;

const LEAK_TRACER_PATH = '/creator/leak-tracer';

const STEPS = ['profile', 'create', 'earn'] as const;
const TESTIMONIALS = ['first', 'second'] as const;

/** "Become a Creator" (/creator-landing): why, how, stories, and the way to /creator. */
export function CreatorLanding() {
  const { t } = useTranslation();
  const { data: own } = useOwnProfile();
  const cta = buttonClasses({ size: 'lg', variant: 'inverse' });
  return (
    <div className="mx-auto max-w-5xl space-y-16 pb-12">
      <DocumentTitle title={t('creatorLanding.hero.title')} />
      <header>
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-lg text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('creatorLanding.backToHome')}
        </Link>
      </header>

      <section className="relative -mt-8 overflow-hidden rounded-3xl bg-gradient-to-br from-violet-700 via-violet-600 to-fuchsia-500 px-6 py-16 text-center text-white sm:px-12">
        <div
          aria-hidden
          className="absolute -top-20 -end-20 size-72 rounded-full bg-white/10 blur-2xl"
        />
        <p className="relative text-sm font-semibold tracking-wide text-violet-100 uppercase">
          {t('creatorLanding.hero.eyebrow')}
        </p>
        <h1 className="relative mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
          {t('creatorLanding.hero.title')}
        </h1>
        <p className="relative mx-auto mt-5 max-w-2xl text-lg text-violet-100">
          {t('creatorLanding.hero.text')}
        </p>
        <Link to={APPLY_PATH} className={cn(cta, 'relative mt-8')}>
          {t('creatorLanding.hero.cta')}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </section>

      <section aria-label={t('creatorLanding.stats.label')}>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map((id) => (
            <div
              key={id}
              className="flex flex-col rounded-2xl bg-white p-5 text-center ring-1 ring-slate-200"
            >
              <dt className="text-sm text-slate-600">{t(`creatorLanding.stats.${id}.label`)}</dt>
              <dd className="order-first bg-gradient-to-br from-violet-600 to-fuchsia-500 bg-clip-text text-3xl font-extrabold text-transparent">
                {t(`creatorLanding.stats.${id}.value`)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="text-center text-3xl font-bold tracking-tight">
          {t('creatorLanding.benefits.title')}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ id, icon: Icon }) => (
            <li key={id} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <span className="flex size-11 items-center justify-center rounded-xl bg-violet-50 text-violet-600">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold">
                {t(`creatorLanding.benefits.items.${id}.title`)}
              </h3>
              <p className="mt-1.5 text-sm text-slate-600">
                {t(`creatorLanding.benefits.items.${id}.text`)}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-5 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <h3 className="flex items-center gap-3 font-semibold">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-600">
              <Stamp className="size-5" aria-hidden />
            </span>
            {t('creatorLanding.watermarkNote.title')}
          </h3>
          <ul className="mt-4 list-disc space-y-1.5 ps-5 text-sm text-slate-600">
            {WATERMARK_NOTE_LINES.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
            <li>
              {t('creatorLanding.watermarkNote.tracer')}
              {own?.is_creator === true && (
                <>
                  {' '}
                  <Link
                    to={LEAK_TRACER_PATH}
                    className="rounded font-medium text-violet-700 underline hover:text-violet-900 focus-visible:outline-2 focus-visible:outline-violet-600"
                  >
                    {t('creatorLanding.watermarkNote.tracerLink')}
                  </Link>
                </>
              )}
            </li>
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-center text-3xl font-bold tracking-tight">
          {t('creatorLanding.steps.title')}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {STEPS.map((id, index) => (
            <li key={id} className="relative rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <span className="flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-fuchsia-500 font-bold text-white">
                {index + 1}
              </span>
              <p className="mt-4 text-xs font-semibold tracking-wide text-violet-600 uppercase">
                {t('creatorLanding.steps.step', { number: index + 1 })}
              </p>
              <h3 className="mt-1 font-semibold">{t(`creatorLanding.steps.items.${id}.title`)}</h3>
              <p className="mt-1.5 text-sm text-slate-600">
                {t(`creatorLanding.steps.items.${id}.text`)}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="stories-title">
        <h2 id="stories-title" className="text-center text-3xl font-bold tracking-tight">
          {t('creatorLanding.testimonials.title')}
        </h2>
        <div className="mt-8 grid gap-5 md:grid-cols-2">
          {TESTIMONIALS.map((id) => (
            <figure key={id} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <Quote className="size-6 text-fuchsia-400" aria-hidden />
              <blockquote className="mt-3 text-slate-700">
                {t(`creatorLanding.testimonials.items.${id}.quote`)}
              </blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-slate-900">
                  {t(`creatorLanding.testimonials.items.${id}.name`)}
                </span>
                <span className="text-slate-500">
                  {' · '}
                  {t(`creatorLanding.testimonials.items.${id}.role`)}
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section
        aria-labelledby="closing-title"
        className="rounded-3xl bg-slate-950 px-6 py-14 text-center text-white sm:px-12"
      >
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight">
          {t('creatorLanding.closing.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">{t('creatorLanding.closing.text')}</p>
        <Link to={APPLY_PATH} className={cn(cta, 'mt-8')}>
          {t('creatorLanding.closing.cta')}
        </Link>
      </section>
    </div>
  );
}
