import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicOnly, RequireAuth } from './guards';
import { RootFallback, RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** Route-level code splitting: each page module loads when its route is first visited. */
function lazyComponent<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return async () => ({ Component: (await load())[name] });
}

const page = {
  health: lazyComponent(() => import('../pages/HealthPage'), 'HealthPage'),
  landing: lazyComponent(() => import('../pages/LandingPage'), 'LandingPage'),
  login: lazyComponent(() => import('../pages/LoginPage'), 'LoginPage'),
  signup: lazyComponent(() => import('../pages/SignupPage'), 'SignupPage'),
  verifyEmail: lazyComponent(() => import('../pages/VerifyEmailPage'), 'VerifyEmailPage'),
  forgotPassword: lazyComponent(() => import('../pages/ForgotPasswordPage'), 'ForgotPasswordPage'),
  resetPassword: lazyComponent(() => import('../pages/ResetPasswordPage'), 'ResetPasswordPage'),
  shell: lazyComponent(() => import('../features/shell/AppShell'), 'AppShell'),
  home: lazyComponent(() => import('../pages/HomePage'), 'HomePage'),
  profile: lazyComponent(() => import('../pages/ProfilePage'), 'ProfilePage'),
  profileEdit: lazyComponent(() => import('../pages/ProfileEditPage'), 'ProfileEditPage'),
  explore: lazyComponent(() => import('../pages/ExplorePage'), 'ExplorePage'),
  notifications: lazyComponent(() => import('../pages/NotificationsPage'), 'NotificationsPage'),
  messages: lazyComponent(() => import('../pages/MessagesPage'), 'MessagesPage'),
  subscriptions: lazyComponent(() => import('../pages/SubscriptionsPage'), 'SubscriptionsPage'),
  wallet: lazyComponent(() => import('../pages/WalletPage'), 'WalletPage'),
  settings: lazyComponent(() => import('../pages/SettingsPage'), 'SettingsPage'),
  creatorApplication: lazyComponent(
    () => import('../pages/CreatorApplicationPage'),
    'CreatorApplicationPage',
  ),
  creatorLanding: lazyComponent(() => import('../pages/CreatorLandingPage'), 'CreatorLandingPage'),
  myContent: lazyComponent(() => import('../pages/MyContentPage'), 'MyContentPage'),
  post: lazyComponent(() => import('../pages/PostPage'), 'PostPage'),
  drafts: lazyComponent(() => import('../pages/DraftsPage'), 'DraftsPage'),
  analytics: lazyComponent(() => import('../pages/AnalyticsPage'), 'AnalyticsPage'),
  admin: lazyComponent(() => import('../pages/AdminPage'), 'AdminPage'),
  offer: lazyComponent(() => import('../pages/OfferPage'), 'OfferPage'),
  creatorOffers: lazyComponent(() => import('../pages/CreatorOffersPage'), 'CreatorOffersPage'),
  liked: lazyComponent(() => import('../features/likes/pages/LikedPostsPage'), 'LikedPostsPage'),
  massMessages: lazyComponent(
    () => import('../features/mass-messages/MassMessagesPage'),
    'MassMessagesPage',
  ),
  notFound: lazyComponent(() => import('../pages/NotFoundPage'), 'NotFoundPage'),
};

/**
 * The route map of spec 2.1. "/" at top level goes to /login for a signed-out visitor (the
 * guard does it) and is the home feed inside the shell for a signed-in user.
 */
const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteError,
    children: [
      // Open to everyone.
      { path: 'health', lazy: page.health },
      { path: 'landing/*', lazy: page.landing },
      { path: 'verify-email', lazy: page.verifyEmail },
      { path: 'forgot-password', lazy: page.forgotPassword },
      { path: 'reset-password', lazy: page.resetPassword },
      // An offer link: whoever holds it sees the offer; starting a trial asks to sign in.
      { path: 'offers/:code', lazy: page.offer },

      // Signed-out only: a signed-in user is sent back where they came from, or to /.
      {
        Component: PublicOnly,
        children: [
          { path: 'login', lazy: page.login },
          { path: 'signup', lazy: page.signup },
          // The marketing page's own sign-up sub-path (the spec leaves it unnamed): the same
          // sign-up screen at /landing/signup, which the landing page's calls to action use.
          // It outranks the landing page's /landing/* splat.
          { path: 'landing/signup', lazy: page.signup },
        ],
      },

      // Everything else needs a session.
      {
        Component: RequireAuth,
        children: [
          {
            lazy: page.shell,
            children: [
              { index: true, lazy: page.home },
              { path: 'home', lazy: page.home },
              { path: 'profile', lazy: page.profile },
              { path: 'profile/edit', lazy: page.profileEdit },
              { path: 'profile/:userId', lazy: page.profile },
              { path: 'profile/:userId/edit', lazy: page.profileEdit },
              { path: 'explore', lazy: page.explore },
              { path: 'notifications', lazy: page.notifications },
              { path: 'messages', lazy: page.messages },
              { path: 'subscriptions', lazy: page.subscriptions },
              { path: 'wallet', lazy: page.wallet },
              { path: 'settings', lazy: page.settings },
              { path: 'creator', lazy: page.creatorApplication },
              { path: 'creator-landing', lazy: page.creatorLanding },
              { path: 'creator/offers', lazy: page.creatorOffers },
              { path: 'my-content', lazy: page.myContent },
              { path: 'posts/:postId', lazy: page.post },
              { path: 'drafts', lazy: page.drafts },
              { path: 'creator/mass-messages', lazy: page.massMessages },
              { path: 'creator/analytics', lazy: page.analytics },
              // Not in the spec: creator-application and payout review; admins only.
              { path: 'admin', lazy: page.admin },
              { path: 'liked', lazy: page.liked },
              { path: '*', lazy: page.notFound },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
