import Menu from 'lucide-react/icons/menu';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '../../ui/Logo';
import { useMediaQuery } from '../../lib/use-media-query';
import { MountWhenOpened } from '../../ui/MountWhenOpened';
import { useSavedLanguage } from '../settings';
import { useSessionTimeout } from '../settings';
import { useCallStore } from '../calls';
import { loadCallLayer } from '../calls';
import { loadDiscoverPanel } from '../discover';
import { NavList } from './NavList';
import { TopBarBadges } from './TopBarBadges';
import { UserMenu } from './UserMenu';

// The Radix dialog behind the phone menu loads when the menu first opens (issue 20).
const MobileMenu = lazy(() =>
  import('./MobileMenu').then((module) => ({ default: module.MobileMenu })),
);

// The calls' overlays load with the first call ringing or placed here (issue 32).
const CallLayer = lazy(() => loadCallLayer().then((CallLayer) => ({ default: CallLayer })));

// The discover panel too, and only where its column shows (below).
const DiscoverPanel = lazy(() =>
  loadDiscoverPanel().then((DiscoverPanel) => ({ default: DiscoverPanel })),
);

const DISCOVER_PATHS = new Set(['/', '/home']);

/**
 * The signed-in layout: sidebar (from md), a top bar with a slide-in menu below md, the page,
 * and the discover panel on / and /home (from lg).
 */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const showDiscover = DISCOVER_PATHS.has(pathname);
  // The panel's column shows from Tailwind's `lg` up: on a phone it is neither loaded nor asked
  // for its suggestions.
  const wideEnough = useMediaQuery('(min-width: 64rem)');
  useSessionTimeout();
  useSavedLanguage();
  const calling = useCallStore((state) => state.incoming !== null || state.active !== null);

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-violet-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
      >
        {t('app.skipToContent')}
      </a>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-3 backdrop-blur md:hidden">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <Menu className="size-6" />
        </button>
        <Link
          to="/"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <Logo />
        </Link>
        <TopBarBadges />
      </header>

      <MountWhenOpened open={menuOpen}>
        <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
      </MountWhenOpened>

      <div className="mx-auto flex max-w-7xl">
        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-e border-slate-200 bg-white px-3 py-5 md:flex">
          <Link
            to="/"
            className="mb-6 self-start rounded-lg px-3 focus-visible:outline-2 focus-visible:outline-violet-600"
          >
            <Logo />
          </Link>
          <div className="flex-1 overflow-y-auto">
            <NavList />
          </div>
          <div className="border-t border-slate-200 pt-3">
            <UserMenu />
          </div>
        </aside>

        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
        >
          <Outlet />
        </main>

        {showDiscover && (
          <aside
            aria-label={t('discover.label')}
            className="sticky top-0 hidden h-dvh w-80 shrink-0 overflow-y-auto border-s border-slate-200 px-5 py-6 lg:block"
          >
            {wideEnough && (
              <Suspense fallback={null}>
                <DiscoverPanel />
              </Suspense>
            )}
          </aside>
        )}
      </div>

      {calling && (
        <Suspense fallback={null}>
          <CallLayer />
        </Suspense>
      )}
    </div>
  );
}
