import UserCheck from 'lucide-react/icons/user-check';
import UserPlus from 'lucide-react/icons/user-plus';
import { useTranslation } from '../../lib/use-translation';
import { errorBodyText } from '../../lib/api-errors';
import { Button, type ButtonSize, type ButtonVariant } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { useFollowMutation } from './hooks';

export interface FollowButtonProps {
  userId: number;
  username: string;
  /** The cached state (already optimistic while a change is on its way). */
  following: boolean;
  size?: ButtonSize;
  className?: string;
}

/**
 * Follow / Following toggle. The state shows at once (optimistic); a failure puts it back and
 * says so under the button.
 */
export function FollowButton({
  userId,
  username,
  following,
  size = 'sm',
  className,
}: FollowButtonProps) {
  const { t } = useTranslation();
  const mutation = useFollowMutation();
  const shown = mutation.isPending ? mutation.variables.follow : following;
  const variant: ButtonVariant = shown ? 'outline' : 'secondary';
  const Icon = shown ? UserCheck : UserPlus;
  const failure = mutation.isError
    ? (errorBodyText(mutation.error, 'error') ??
      errorBodyText(mutation.error, 'detail') ??
      t('follow.failed'))
    : undefined;

  return (
    <div className={cn('flex shrink-0 flex-col items-end gap-1', className)}>
      <Button
        variant={variant}
        size={size}
        aria-pressed={shown}
        aria-label={t('follow.followName', { name: username })}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ userId, follow: !shown })}
      >
        <Icon className="size-4" aria-hidden />
        {shown ? t('follow.following') : t('follow.follow')}
      </Button>
      {failure && (
        <p role="alert" className="max-w-40 text-end text-xs text-red-600">
          {failure}
        </p>
      )}
    </div>
  );
}
