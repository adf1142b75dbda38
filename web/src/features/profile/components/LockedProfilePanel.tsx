import { useMutation, useQueryClient } from '@tanstack/react-query';
import Lock from 'lucide-react/icons/lock';
import { lazy, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { MountWhenOpened } from '../../../ui/MountWhenOpened';
import { unlockProfile, type ViewedProfile } from '../api';
import { unlockProfileErrorMessage } from '../helpers';
import { postKeys, profileKeys } from '../../../lib/query-keys';

// Loads when first opened: the Radix dialog is not needed for a locked profile's first screen
// (issue 20, first-visit budget).
const PasswordDialog = lazy(async () => ({
  default: (await import('../../../ui/PasswordDialog')).PasswordDialog,
}));

export interface LockedProfilePanelProps {
  profile: ViewedProfile;
  /** The key the profile was loaded under (id or username from the route). */
  profileKey: string;
}

/** Spec §2.8: 'This content is locked' with 'Enter Password', which opens 'Password Required'. */
export function LockedProfilePanel({ profile, profileKey }: LockedProfilePanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (password: string) => unlockProfile(profile.username, password),
    onSuccess: async (answer) => {
      setOpen(false);
      // Spec §4: after a successful unlock the profile and its posts are reloaded.
      queryClient.setQueryData(profileKeys.user(profileKey), answer.profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.users() }),
        queryClient.invalidateQueries({ queryKey: postKeys.user(profile.id) }),
      ]);
    },
  });

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) mutation.reset();
  };

  return (
    <section
      aria-labelledby="locked-profile-title"
      className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-slate-200"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-violet-100 text-violet-600">
        <Lock className="size-7" aria-hidden />
      </span>
      <h2 id="locked-profile-title" className="mt-4 text-lg font-semibold text-slate-900">
        {t('profile.locked.title')}
      </h2>
      <p className="mt-2 max-w-md text-sm text-slate-600">{t('profile.locked.text')}</p>
      <Button className="mt-6" onClick={() => handleOpenChange(true)}>
        {t('profile.locked.button')}
      </Button>

      <MountWhenOpened open={open}>
        <PasswordDialog
          open={open}
          onOpenChange={handleOpenChange}
          onSubmit={(password) => mutation.mutate(password)}
          busy={mutation.isPending}
          error={
            mutation.isError ? (
              <Alert>{unlockProfileErrorMessage(mutation.error, t)}</Alert>
            ) : undefined
          }
        />
      </MountWhenOpened>
    </section>
  );
}
