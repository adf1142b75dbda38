import { type TestApp } from '../../../test/app.ts';
import { applyAsCreator } from '../../../test/creator.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

/** What this suite's test files share (each builds its own app; the calls take it from `app()`). */

export const uploadIdOf = (url: string | null) =>
  url && /^\/media\/([0-9a-f-]{36})\//.exec(url)?.[1];

export function creatorReviewKit(app: () => TestApp) {
  const list = (user: TestUser | undefined, status?: string) =>
    app().request({
      method: 'GET',
      url: `/api/admin/creator-applications/${status === undefined ? '' : `?status=${status}`}`,
      ...(user ? { token: user.access } : {}),
    });

  const statusOf = async (user: TestUser) =>
    (
      await app().request({
        method: 'GET',
        url: '/api/auth/creator-application/',
        token: user.access,
      })
    ).json();

  const ownProfile = async (user: TestUser) =>
    (await app().request({ method: 'GET', url: '/api/auth/profile/', token: user.access })).json();

  const notificationsOf = async (user: TestUser) =>
    (await app().request({ method: 'GET', url: '/api/notifications/', token: user.access })).json();

  async function pendingApplicant() {
    const user = await buildUser(app());
    const application = await applyAsCreator(app(), user);
    return { user, application };
  }

  return { list, statusOf, ownProfile, notificationsOf, pendingApplicant };
}
