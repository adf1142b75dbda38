import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { loadLaterCatalogue } from '../lib/i18n';
import { PublicOnly, RequireAuth } from './guards';
import { RootLayout } from './RootLayout';

/**
 * Route-level code splitting: each page module loads when its route is first rendered, with
 * the later part of the text catalogue (lib/i18n.ts). Route changes run in a React transition
 * (BrowserRouter's default), so the page shown stays until the next one's code is in; the
 * first page waits behind RootLayout's Suspense spinner.
 */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadLaterCatalogue()]);
    return { default: module[name] };
  });
}

/**
 * A page of the first visits (the shell, the feed, a profile, a post, sign-in): only the first
 * part of the catalogue, which main.tsx loads before the first render. Its texts, and those of
 * everything it opens, must all be in `locales/en-first-visit.ts`.
 */
function firstVisitPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HealthPage = firstVisitPage(() => import('../pages/HealthPage'), 'HealthPage');
const LandingPage = lazyPage(() => import('../pages/LandingPage'), 'LandingPage');
const LoginPage = firstVisitPage(() => import('../pages/LoginPage'), 'LoginPage');
const SignupPage = firstVisitPage(() => import('../pages/SignupPage'), 'SignupPage');
const VerifyEmailPage = firstVisitPage(() => import('../pages/VerifyEmailPage'), 'VerifyEmailPage');
const ForgotPasswordPage = firstVisitPage(
  () => import('../pages/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = firstVisitPage(
  () => import('../pages/ResetPasswordPage'),
  'ResetPasswordPage',
);
const AppShell = firstVisitPage(() => import('../features/shell'), 'AppShell');
const HomePage = firstVisitPage(() => import('../pages/HomePage'), 'HomePage');
const ProfilePage = firstVisitPage(() => import('../pages/ProfilePage'), 'ProfilePage');
const ProfileEditPage = lazyPage(() => import('../pages/ProfileEditPage'), 'ProfileEditPage');
const ExplorePage = lazyPage(() => import('../pages/ExplorePage'), 'ExplorePage');
const NotificationsPage = lazyPage(() => import('../pages/NotificationsPage'), 'NotificationsPage');
const MessagesPage = lazyPage(() => import('../pages/MessagesPage'), 'MessagesPage');
const SubscriptionsPage = lazyPage(() => import('../pages/SubscriptionsPage'), 'SubscriptionsPage');
const WalletPage = lazyPage(() => import('../pages/WalletPage'), 'WalletPage');
const SettingsPage = lazyPage(() => import('../pages/SettingsPage'), 'SettingsPage');
const CreatorApplicationPage = lazyPage(
  () => import('../pages/CreatorApplicationPage'),
  'CreatorApplicationPage',
);
const CreatorLandingPage = lazyPage(
  () => import('../pages/CreatorLandingPage'),
  'CreatorLandingPage',
);
const MyContentPage = lazyPage(() => import('../pages/MyContentPage'), 'MyContentPage');
const PostPage = firstVisitPage(() => import('../pages/PostPage'), 'PostPage');
const DraftsPage = lazyPage(() => import('../pages/DraftsPage'), 'DraftsPage');
const AnalyticsPage = lazyPage(() => import('../pages/AnalyticsPage'), 'AnalyticsPage');
const LeakTracerPage = lazyPage(() => import('../pages/LeakTracerPage'), 'LeakTracerPage');
const AdminPage = lazyPage(() => import('../pages/AdminPage'), 'AdminPage');
const OfferPage = lazyPage(() => import('../pages/OfferPage'), 'OfferPage');
const CreatorOffersPage = lazyPage(() => import('../pages/CreatorOffersPage'), 'CreatorOffersPage');
const LikedPostsPage = firstVisitPage(() => import('../pages/LikedPostsPage'), 'LikedPostsPage');
const MassMessagesPage = lazyPage(() => import('../pages/MassMessagesPage'), 'MassMessagesPage');
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'), 'NotFoundPage');
/**
 * The route map of spec 2.1. "/" at top level goes to /login for a signed-out visitor (the
 * guard does it) and is the home feed inside the shell for a signed-in user.
 *
 * Declarative routes (`<Routes>`), not a data router: the app loads its data with TanStack
 * Query, not route loaders, and the data router's code is half of react-router's bytes on
 * every first visit (issue 20). Its few extras are ours: RootLayout's error boundary, Suspense
 * fallback and scroll restoration.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {/* Open to everyone. */}
        <Route path="health" element={<HealthPage />} />
        <Route path="landing/*" element={<LandingPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        {/* An offer link: whoever holds it sees the offer; starting a trial asks to sign in. */}
        <Route path="offers/:code" element={<OfferPage />} />

        {/* Signed-out only: a signed-in user is sent back where they came from, or to /. */}
        <Route element={<PublicOnly />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
          {/* The marketing page's own sign-up sub-path (the spec leaves it unnamed): the same
              sign-up screen at /landing/signup, which the landing page's calls to action use.
              It outranks the landing page's /landing/* splat. */}
          <Route path="landing/signup" element={<SignupPage />} />
        </Route>

        {/* Everything else needs a session. */}
        <Route element={<RequireAuth />}>
          <Route element={<AppShell />}>
            <Route index element={<HomePage />} />
            <Route path="home" element={<HomePage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="profile/edit" element={<ProfileEditPage />} />
            <Route path="profile/:userId" element={<ProfilePage />} />
            <Route path="profile/:userId/edit" element={<ProfileEditPage />} />
            <Route path="explore" element={<ExplorePage />} />
            <Route path="notifications" element={<NotificationsPage />} />
            <Route path="messages" element={<MessagesPage />} />
            <Route path="subscriptions" element={<SubscriptionsPage />} />
            <Route path="wallet" element={<WalletPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="creator" element={<CreatorApplicationPage />} />
            <Route path="creator-landing" element={<CreatorLandingPage />} />
            <Route path="creator/offers" element={<CreatorOffersPage />} />
            <Route path="my-content" element={<MyContentPage />} />
            <Route path="posts/:postId" element={<PostPage />} />
            <Route path="drafts" element={<DraftsPage />} />
            <Route path="creator/mass-messages" element={<MassMessagesPage />} />
            <Route path="creator/analytics" element={<AnalyticsPage />} />
            <Route path="creator/leak-tracer" element={<LeakTracerPage />} />
            {/* Not in the spec: creator-application and payout review; admins only. */}
            <Route path="admin" element={<AdminPage />} />
            <Route path="liked" element={<LikedPostsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
