import Ellipsis from 'lucide-react/icons/ellipsis';
import { useTranslation } from '../../lib/use-translation';
import { loadOnce, useLoadOnIntent } from '../../ui/load-on-intent';

export interface BlockMenuProps {
  userId: number;
  username: string;
}

export const blockTriggerClasses =
  'inline-flex size-10 items-center justify-center rounded-xl text-slate-600 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600';

const loadDropdown = loadOnce(() =>
  import('./BlockMenuDropdown').then((module) => module.BlockMenuDropdown),
);

/**
 * The "more" menu on someone else's profile: Report, and Block after a dialog that says what a
 * block does. The blocked profile is gone for the blocker too, so the page leaves for the feed.
 * Light until the pointer comes near or it gets focus: then the Radix menu and its dialogs
 * load (BlockMenuDropdown.tsx; issue 20, first-load budget) and take its place.
 */
export function BlockMenu(props: BlockMenuProps) {
  const { t } = useTranslation();
  const { loaded: Dropdown, handOver, triggerProps } = useLoadOnIntent(loadDropdown);
  if (Dropdown) return <Dropdown {...props} {...handOver} />;
  return (
    <button
      {...triggerProps}
      aria-label={t('blocks.menu', { username: props.username })}
      className={blockTriggerClasses}
    >
      <Ellipsis className="size-5" aria-hidden />
    </button>
  );
}
