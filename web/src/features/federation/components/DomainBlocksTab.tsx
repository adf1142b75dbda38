import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorBodyText, isClientError } from '../../../lib/api-errors';
import { formatShortDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { blockDomain, domainBlocksQuery, federationKeys, unblockDomain } from '../api';

/** The server's own words of a refused block (a 4xx), else the generic text. */
function blockError(error: unknown, fallback: string): string {
  return (isClientError(error) && errorBodyText(error, 'detail')) || fallback;
}

/**
 * Admin → Federation: defederated domains. A block covers the domain's subdomains, refuses their
 * deliveries, sends them nothing and removes their followers; each block and lift goes to the
 * audit log.
 */
export function DomainBlocksTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(domainBlocksQuery());
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: federationKeys.domainBlocks });
  const block = useMutation({
    mutationFn: blockDomain,
    onSuccess: (created) => {
      setDomain('');
      setReason('');
      setDone(
        t('federationControl.domainBlocks.blocked', {
          domain: created.block.domain,
          count: created.followers_removed,
        }),
      );
    },
    onSettled: refresh,
  });
  const unblock = useMutation({ mutationFn: unblockDomain, onSettled: refresh });
  const blocks = query.data?.results ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    block.mutate({ domain, reason });
  };

  return (
    <section aria-labelledby="domain-blocks-title" className="space-y-4">
      <h2 id="domain-blocks-title" className="font-semibold text-slate-900">
        {t('federationControl.domainBlocks.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('federationControl.domainBlocks.text')}</p>
      <form onSubmit={submit} className="space-y-3">
        <TextField
          label={t('federationControl.domainBlocks.domain')}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          placeholder="example.social"
          required
        />
        <TextField
          label={t('federationControl.domainBlocks.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" busy={block.isPending}>
          {t('federationControl.domainBlocks.block')}
        </Button>
      </form>
      {block.isError && (
        <Alert>{blockError(block.error, t('federationControl.domainBlocks.failed'))}</Alert>
      )}
      {done && <Alert tone="success">{done}</Alert>}
      {unblock.isError && <Alert>{t('federationControl.domainBlocks.failed')}</Alert>}
      {query.isPending && <Skeleton className="h-12 w-full rounded-xl" />}
      {query.isError && <Alert>{t('federationControl.loadFailed')}</Alert>}
      {query.isSuccess && blocks.length === 0 && (
        <p className="text-sm text-slate-500">{t('federationControl.domainBlocks.empty')}</p>
      )}
      <ul className="divide-y divide-slate-100">
        {blocks.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{row.domain}</p>
              <p className="text-xs text-slate-500">
                {row.reason
                  ? t('federationControl.domainBlocks.sinceWithReason', {
                      date: formatShortDate(row.created_at),
                      reason: row.reason,
                    })
                  : t('federationControl.domainBlocks.since', {
                      date: formatShortDate(row.created_at),
                    })}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              busy={unblock.isPending && unblock.variables === row.id}
              onClick={() => unblock.mutate(row.id)}
              aria-label={t('federationControl.domainBlocks.unblockLabel', { domain: row.domain })}
            >
              {t('federationControl.domainBlocks.unblock')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
