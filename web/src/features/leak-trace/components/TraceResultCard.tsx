import type { LeakTraceResult } from '@zura/contracts';
import CircleCheck from 'lucide-react/icons/circle-check';
import SearchX from 'lucide-react/icons/search-x';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../ui/cn';
import type { FoundTrace, TraceScope } from '../api';
import { formatChance, formatConfidence, type TraceKind } from '../figures';
import { TakedownButton } from './TakedownButton';

export interface TraceResultCardProps {
  result: LeakTraceResult;
  /** What was sent, when known: a video's trace is told in segments. */
  kind?: TraceKind;
  scope: TraceScope;
  /** What can be done about the account named: the creator's report, the admin's suspension. */
  recipientActions: (trace: FoundTrace) => ReactNode;
}

const linkClasses =
  'font-semibold text-violet-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-violet-600';

/**
 * Whether a trace read a video: its evidence has no hash distance (a video's is counted in
 * segments); with no evidence, whether the file sent was one.
 */
function isVideoTrace(result: LeakTraceResult, kind: TraceKind | undefined): boolean {
  return result.evidence ? result.evidence.hash_distance === null : kind === 'video';
}

/** What a trace found: whom the copy was served to with the evidence, or why nobody is named. */
export function TraceResultCard({ result, kind, scope, recipientActions }: TraceResultCardProps) {
  const { t } = useTranslation();
  const { outcome, recipient } = result;
  const video = isVideoTrace(result, kind);
  if (outcome === 'recipient_found' && recipient) {
    const trace: FoundTrace = { ...result, recipient };
    return (
      <ResultSection
        tone="found"
        title={t('leakTrace.result.servedTo', { username: recipient.username })}
        traceId={result.id}
      >
        <p>
          <Link to={`/profile/${recipient.id}`} className={linkClasses}>
            {t('leakTrace.result.openProfile', { username: recipient.username })}
          </Link>
        </p>
        <Evidence result={result} video={video} username={recipient.username} />
        <Place result={result} video={video} />
        <div
          role="group"
          aria-label={t('leakTrace.result.actions', { username: recipient.username })}
          className="flex flex-wrap items-start gap-3 pt-1"
        >
          {recipientActions(trace)}
          <TakedownButton scope={scope} traceId={result.id} />
        </div>
      </ResultSection>
    );
  }
  if (outcome === 'recipient_found' || outcome === 'recipient_deleted') {
    return (
      <ResultSection
        tone="found"
        title={t('leakTrace.result.recipientDeleted')}
        traceId={result.id}
      >
        <Evidence result={result} video={video} />
        <Place result={result} video={video} />
        {(result.post_id !== null || result.message_id !== null) && (
          <div className="pt-1">
            <TakedownButton scope={scope} traceId={result.id} />
          </div>
        )}
      </ResultSection>
    );
  }
  if (outcome === 'no_mark_found') {
    return (
      <ResultSection
        tone="none"
        title={
          scope === 'admin'
            ? t('leakTrace.result.noMarkFoundAdmin')
            : t('leakTrace.result.noMarkFound')
        }
        traceId={result.id}
      >
        {video && <p>{t('leakTrace.result.videoTooShort')}</p>}
      </ResultSection>
    );
  }
  return (
    <ResultSection
      tone="none"
      title={
        scope === 'admin'
          ? t('leakTrace.result.noMatchingUploadAdmin')
          : t('leakTrace.result.noMatchingUpload')
      }
      traceId={result.id}
    />
  );
}

function ResultSection({
  tone,
  title,
  traceId,
  children,
}: {
  tone: 'found' | 'none';
  title: string;
  traceId: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const Icon = tone === 'found' ? CircleCheck : SearchX;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'space-y-3 rounded-2xl bg-white p-5 text-sm text-slate-700 ring-1',
        tone === 'found' ? 'ring-emerald-300' : 'ring-slate-200',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon
          className={cn(
            'mt-0.5 size-5 shrink-0',
            tone === 'found' ? 'text-emerald-600' : 'text-slate-500',
          )}
          aria-hidden
        />
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-xs text-slate-600">{t('leakTrace.result.traceId', { id: traceId })}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * The confidence and the evidence in plain words: an image's code bits read, or a video's segments
 * that carry the account's code (`username`, when it still exists); the chance of a false match.
 */
function Evidence({
  result,
  video,
  username,
}: {
  result: LeakTraceResult;
  video: boolean;
  username?: string;
}) {
  const { t, i18n } = useTranslation();
  const { evidence } = result;
  const counts = evidence && {
    agreeing: evidence.bits_agreeing,
    total: evidence.bits_total,
    chance: formatChance(evidence.false_match_probability),
  };
  return (
    <>
      <p className="font-medium text-slate-900">
        {t('leakTrace.result.confidence', {
          percent: formatConfidence(result.confidence, i18n.language),
        })}
      </p>
      {counts && (
        <p>
          {!video
            ? t('leakTrace.result.evidence', counts)
            : username !== undefined
              ? t('leakTrace.result.segmentEvidence', { ...counts, username })
              : t('leakTrace.result.segmentEvidenceDeleted', counts)}
        </p>
      )}
    </>
  );
}

/** Where the marked copy was served: its post, or a message. */
function Place({ result, video }: { result: LeakTraceResult; video: boolean }) {
  const { t } = useTranslation();
  if (result.post_id !== null) {
    return (
      <p>
        <Link to={`/posts/${result.post_id}`} className={linkClasses}>
          {t('leakTrace.result.openPost')}
        </Link>
      </p>
    );
  }
  if (result.message_id !== null) {
    return <p>{video ? t('leakTrace.result.inMessageVideo') : t('leakTrace.result.inMessage')}</p>;
  }
  return null;
}
