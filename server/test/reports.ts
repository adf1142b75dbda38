import type { ReportGroup } from '@zura/contracts';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';
import { getAs, postAs } from './messaging.ts';

type Caller = Pick<TestUser, 'access'> | undefined;

export function fileReport(t: TestApp, user: Caller, body: unknown) {
  return postAs(t, user, '/api/reports/', body);
}

/** Files a report and fails the test unless it is created; answers the report's id. */
export async function reportOf(
  t: TestApp,
  user: TestUser,
  targetType: 'profile' | 'post' | 'message' | 'comment',
  targetId: number,
  reason = 'spam',
): Promise<number> {
  const res = await fileReport(t, user, { target_type: targetType, target_id: targetId, reason });
  if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

export function resolveRequest(t: TestApp, user: Caller, reportId: number, body: unknown) {
  return postAs(t, user, `/api/admin/reports/${reportId}/resolve/`, body);
}

/** The admin queue's groups of `status`; fails the test unless it is answered. */
export async function queueOf(
  t: TestApp,
  admin: TestUser,
  status: 'open' | 'resolved' = 'open',
): Promise<ReportGroup[]> {
  const res = await getAs(t, admin, `/api/admin/reports/?status=${status}`);
  if (res.statusCode !== 200) throw new Error(`queue failed: ${res.statusCode} ${res.body}`);
  return res.json<{ results: ReportGroup[] }>().results;
}

export async function groupOf(t: TestApp, admin: TestUser, type: string, id: number) {
  const groups = [...(await queueOf(t, admin)), ...(await queueOf(t, admin, 'resolved'))];
  return groups.filter((group) => group.target_type === type && group.target_id === id);
}

/** The messages of a user's notifications, newest first. */
export async function notificationTexts(t: TestApp, user: TestUser): Promise<string[]> {
  const res = await getAs(t, user, '/api/notifications/');
  return res.json<{ message: string }[]>().map((row) => row.message);
}
