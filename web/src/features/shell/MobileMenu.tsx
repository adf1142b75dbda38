import { useTranslation } from '../../lib/use-translation';
import { Sheet } from '../../ui/Dialog';
import { Logo } from '../../ui/Logo';
import { NavList } from './NavList';
import { UserMenu } from './UserMenu';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The slide-in navigation below md. Its own chunk (with the Radix dialog), loaded the first
 * time it opens (AppShell, issue 20 first-load budget).
 */
export function MobileMenu({ open, onOpenChange }: MobileMenuProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('nav.menuTitle')} hideTitle>
      <div className="flex flex-1 flex-col overflow-y-auto px-3 pb-4">
        <div className="px-3 pb-4">
          <Logo />
        </div>
        <div className="flex-1">
          <NavList onNavigate={close} />
        </div>
        <div className="border-t border-slate-200 pt-3">
          <UserMenu onNavigate={close} />
        </div>
      </div>
    </Sheet>
  );
}
