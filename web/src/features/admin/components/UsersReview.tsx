import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@zura/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { errorBodyText } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { TextField } from '../../../ui/TextField';
import { adminKeys, adminUsersQuery, resetUserTwoFactor, suspendUser, unsuspendUser } from '../api';
import { ReasonDialog } from './ReasonDialog';
import { SuspendDialog } from './SuspendDialog';

/**
 * Find an account by the start of its username or email, then suspend or unsuspend it, or turn
 * off its two-factor sign-in for an owner who lost it.
 */
export function UsersReview() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const users = useQuery(adminUsersQuery(query));
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  return (
    <div className="space-y-4">
      <form onSubmit={search} role="search" className="flex items-end gap-3">
        <div className="flex-1">
          <TextField
            label={t('admin.users.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit">{t('admin.users.find')}</Button>
      </form>
      {users.isError && <Alert>{t('admin.users.loadFailed')}</Alert>}
      {users.data && users.data.results.length === 0 && (
        <p className="text-sm text-slate-600">{t('admin.users.none')}</p>
      )}
      <ul aria-label={t('admin.users.results')} className="divide-y divide-slate-100">
        {users.data?.results.map((user) => (
          <UserRow key={user.id} user={user} query={query} />
        ))}
      </ul>
    </div>
  );
}

function UserRow({ user, query }: { user: AdminUser; query: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'suspend' | 'unsuspend' | 'resetTwoFactor'>();
  const [resetDone, setResetDone] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.users(query) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() }),
    ]);
  const lift = useMutation({ mutationFn: () => unsuspendUser(user.id), onSuccess: refresh });
  const close = (open: boolean) => {
    if (!open) setDialog(undefined);
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {user.username}
          {user.is_admin && (
            <span className="ms-2 text-xs text-violet-700">{t('admin.users.admin')}</span>
          )}
          {user.two_factor_enabled && (
            <span className="ms-2 text-xs text-slate-600">{t('admin.users.twoFactorOn')}</span>
          )}
        </p>
        <p className="text-slate-600">{user.email}</p>
        {user.suspended_at && (
          <p className="text-red-700">
            {t('admin.users.suspended', { reason: user.suspension_reason ?? '' })}
          </p>
        )}
      </div>
      {resetDone && (
        <Alert tone="success">
          {t('admin.users.resetTwoFactorDone', { username: user.username })}
        </Alert>
      )}
      {user.two_factor_enabled && (
        <Button variant="outline" size="sm" onClick={() => setDialog('resetTwoFactor')}>
          {t('admin.users.resetTwoFactor')}
        </Button>
      )}
      {lift.isError && (
        <Alert>{errorBodyText(lift.error, 'error') ?? t('admin.users.failed')}</Alert>
      )}
      {user.suspended_at ? (
        <Button
          variant="outline"
          size="sm"
          busy={lift.isPending}
          onClick={() => setDialog('unsuspend')}
        >
          {t('admin.users.unsuspend')}
        </Button>
      ) : (
        !user.is_admin && (
          <Button variant="danger" size="sm" onClick={() => setDialog('suspend')}>
            {t('admin.users.suspend')}
          </Button>
        )
      )}
      <SuspendDialog
        open={dialog === 'suspend'}
        onOpenChange={close}
        username={user.username}
        act={async (reason) => {
          await suspendUser(user.id, reason);
          await refresh();
        }}
      />
      <ReasonDialog
        open={dialog === 'resetTwoFactor'}
        onOpenChange={close}
        title={t('admin.users.resetTwoFactorTitle', { username: user.username })}
        description={t('admin.users.resetTwoFactorText')}
        labels={{
          reason: t('admin.users.resetReason'),
          required: t('admin.users.resetReasonRequired'),
          submit: t('admin.users.resetTwoFactor'),
          submitting: t('admin.users.resettingTwoFactor'),
          failed: t('admin.users.failed'),
        }}
        act={async (reason) => {
          await resetUserTwoFactor(user.id, reason);
          setResetDone(true);
          await refresh();
        }}
      />
      <ConfirmDialog
        open={dialog === 'unsuspend'}
        onOpenChange={close}
        title={t('admin.users.unsuspendTitle', { username: user.username })}
        message={t('admin.users.unsuspendText')}
        confirmLabel={t('admin.users.unsuspend')}
        cancelLabel={t('admin.cancel')}
        onConfirm={() => {
          setDialog(undefined);
          lift.mutate();
        }}
      />
    </li>
  );
}
