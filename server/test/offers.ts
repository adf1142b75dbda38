import type { TestApp } from './app.ts';
import { pay } from './economy.ts';
import type { TestUser } from './factories.ts';

/** Helpers for offers tests: a creator's offers and bundles, made through the API. */

export async function createOffer(
  t: TestApp,
  creator: TestUser,
  body: Record<string, unknown>,
): Promise<{ id: number; code: string; [key: string]: unknown }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/creator/offers/',
    token: creator.access,
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`offer failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function claim(t: TestApp, fan: TestUser, code: string) {
  return t.request({ method: 'POST', url: `/api/offers/${code}/claim/`, token: fan.access });
}

export async function setBundles(
  t: TestApp,
  creator: TestUser,
  bundles: { months: number; discount_percent: number }[],
) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/creator/bundles/',
    token: creator.access,
    payload: { bundles },
  });
  if (res.statusCode !== 200) throw new Error(`bundles failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Subscribes for `months` (a bundle) through the API, as the profile's dialog does. */
export function subscribeFor(t: TestApp, fan: TestUser, creator: TestUser, months: number) {
  return pay(t, fan, '/api/auth/subscriptions/', { creator_id: creator.id, months });
}

/** An offer's stored claim count, and the fans whose claim rows exist. */
export async function claimsOf(t: TestApp, offerId: number) {
  const count = await t.pool.query<{ claim_count: number }>(
    'SELECT claim_count FROM subscription_offers WHERE id = $1',
    [offerId],
  );
  const rows = await t.pool.query<{ fan_id: string; subscription_id: string | null }>(
    'SELECT fan_id, subscription_id FROM offer_claims WHERE offer_id = $1',
    [offerId],
  );
  return { count: count.rows[0]?.claim_count, rows: rows.rows };
}
