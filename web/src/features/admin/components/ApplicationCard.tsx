import { useMutation, useQueryClient } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import ExternalLink from 'lucide-react/icons/external-link';
import X from 'lucide-react/icons/x';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '../../../lib/format';
import { resolveMediaUrl } from '../../../lib/media';
import { Alert } from '../../../ui/Alert';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { adminKeys, approveApplication, type ReviewedApplication } from '../api';
import { applicationLinks, categoryLabel, profileCategoryLabel } from '../review';
import { RejectDialog } from './RejectDialog';

export interface ApplicationCardProps {
  application: ReviewedApplication;
}

/** One application: images, names, bio, links, niche, dates, and Approve / Reject when pending. */
export function ApplicationCard({ application }: ApplicationCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const approve = useMutation({
    mutationFn: () => approveApplication(application.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.applications() }),
  });
  const links = applicationLinks(application.social_links);
  const cover = resolveMediaUrl(application.cover_image);
  const pending = application.status === 'pending';

  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
    >
      <div className="aspect-[4/1] bg-slate-100">
        {cover ? (
          <img
            src={cover}
            alt={t('admin.applications.coverImage', { username: application.username })}
            className="size-full object-cover"
          />
        ) : (
          <p className="flex size-full items-center justify-center text-xs text-slate-500">
            {t('admin.applications.noImage')}
          </p>
        )}
      </div>
      <div className="space-y-4 p-5">
        <header className="flex flex-wrap items-center gap-4">
          <Avatar
            src={application.profile_image}
            name={
              application.profile_image
                ? t('admin.applications.profileImage', { username: application.username })
                : application.username
            }
            className="-mt-12 size-20 ring-4 ring-white"
          />
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="truncate text-lg font-semibold text-slate-900">
              {application.username}
            </h3>
            <p className="truncate text-sm text-slate-600">
              {t('admin.applications.account', {
                username: application.user.username,
                email: application.user.email,
              })}
            </p>
          </div>
          <div className="text-end text-xs text-slate-500">
            <p>
              {t('admin.applications.submitted', {
                date: formatDateTime(application.created_at, i18n.language),
              })}
            </p>
            {application.reviewed_at && (
              <p>
                {t('admin.applications.reviewed', {
                  date: formatDateTime(application.reviewed_at, i18n.language),
                })}
              </p>
            )}
          </div>
        </header>

        {application.status === 'rejected' && application.rejection_reason && (
          <Alert tone="info">
            {t('admin.applications.rejectionReason', { reason: application.rejection_reason })}
          </Alert>
        )}

        <dl className="space-y-3 text-sm">
          <Detail term={t('admin.applications.bio')}>
            <p className="whitespace-pre-line text-slate-800">{application.bio}</p>
          </Detail>
          <Detail term={t('admin.applications.links')}>
            {links.length === 0 ? (
              <NoneText />
            ) : (
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {links.map((link) => (
                  <li key={link.key}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-violet-700 hover:underline"
                    >
                      {t(`creatorApplication.links.${link.key}`)}
                      <ExternalLink className="size-3.5" aria-hidden />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Detail>
          <Detail term={t('admin.applications.mainCategory')}>
            {application.category ? (
              <ChipList items={[profileCategoryLabel(application.category)]} />
            ) : (
              <NoneText />
            )}
          </Detail>
          <Detail term={t('admin.applications.categories')}>
            <ChipList items={application.subcategories.map(categoryLabel)} />
          </Detail>
          <Detail term={t('admin.applications.tags')}>
            <ChipList items={application.tags} />
          </Detail>
          <Detail term={t('admin.applications.vibes')}>
            <ChipList items={application.vibes} />
          </Detail>
        </dl>

        {pending && (
          <>
            {approve.isError && <Alert>{t('admin.applications.approveFailed')}</Alert>}
            <div className="flex justify-end gap-3 border-t border-slate-100 pt-4">
              <Button
                variant="outline"
                className="text-red-600"
                disabled={approve.isPending}
                onClick={() => setRejecting(true)}
              >
                <X className="size-4" aria-hidden />
                {t('admin.applications.reject')}
              </Button>
              <Button busy={approve.isPending} onClick={() => approve.mutate()}>
                {!approve.isPending && <Check className="size-4" aria-hidden />}
                {approve.isPending
                  ? t('admin.applications.approving')
                  : t('admin.applications.approve')}
              </Button>
            </div>
            <RejectDialog
              open={rejecting}
              onOpenChange={setRejecting}
              applicationId={application.id}
              username={application.username}
            />
          </>
        )}
      </div>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr]">
      <dt className="font-medium text-slate-500">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function NoneText() {
  const { t } = useTranslation();
  return <span className="text-slate-500">{t('admin.applications.none')}</span>;
}

function ChipList({ items }: { items: string[] }) {
  if (items.length === 0) return <NoneText />;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li
          key={item}
          className="rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-medium text-violet-700"
        >
          {item}
        </li>
      ))}
    </ul>
  );
}
