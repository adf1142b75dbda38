import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { isRecord } from '../lib/api-errors';
import { endedByLogout } from '../lib/session';
import { useSession } from '../lib/use-session';

/** Location state the guard leaves for the login screen. */
interface GuardState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where the guard found the user, as a safe in-app path; '/' by default. */
export function returnPath(state: unknown): string {
  if (!isRecord(state) || !isRecord(state.from)) return '/';
  const { pathname, search, hash } = state.from;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return '/';
  }
  if (pathname === '/login' || pathname === '/signup') return '/';
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return `${pathname}${text(search)}${text(hash)}`;
}

/**
 * Everything inside needs a session: without one, go to /login and remember the requested
 * location (not after an explicit Logout: the next person to sign in starts at home).
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: GuardState | undefined = endedByLogout()
      ? undefined
      : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** Login and sign-up: a signed-in user goes back where the guard found them, or to /. */
export function PublicOnly() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
