import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import { type TestUser } from '../../../test/factories.ts';
import { sha256, uniquePng, type Page, libraryKit } from './library-test-kit.ts';

/**
 * My Content: the creator's post media, the chat attachments they sent and their library files,
 * merged into one list by content hash, with usage counts, sources and the ids to delete by.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const { libraryPage, wholeLibrary, upload } = libraryKit(() => t);

describe('GET /api/library/ pages', () => {
  let creator: TestUser;
  let expected: string[];
  beforeAll(async () => {
    creator = await quickUser(t, true);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await upload(creator, await uniquePng(), 'media'));
    // Ten items share one instant to the microsecond, five more sit within the same
    // millisecond a microsecond apart: the order must come from the hash, and the cursor
    // must keep the microseconds.
    await t.pool.query(
      `UPDATE uploads SET created_at = timestamptz '2026-03-01 10:00:00.123456+00' WHERE id = ANY($1)`,
      [ids.slice(0, 10)],
    );
    for (const [i, id] of ids.slice(10, 15).entries()) {
      await t.pool.query(
        `UPDATE uploads SET created_at = timestamptz '2026-03-01 10:00:00.123000+00'
                                         + make_interval(secs => $2 / 1000000.0) WHERE id = $1`,
        [id, i * 100 + 1],
      );
    }
    const { rows } = await t.pool.query<{ sha256: string }>(
      'SELECT sha256 FROM uploads WHERE owner_id = $1 ORDER BY created_at DESC, sha256 DESC',
      [creator.id],
    );
    expected = rows.map((row) => row.sha256);
    expect(expected).toHaveLength(23);
  });

  it.each([1, 2, 3, 4, 7, 10, 22, 23, 60])(
    'visits each item once, newest first, with limit=%i',
    async (limit) => {
      const items = await wholeLibrary(creator, limit);
      expect(items.map((item) => item.file_hash)).toEqual(expected);
    },
  );

  it('places a content by its newest copy, across pages and long runs of one instant', async () => {
    const big = await quickUser(t, true);
    const ids: string[] = [];
    for (let i = 0; i < 140; i++) ids.push(await upload(big, await uniquePng(), 'media'));
    // 90 uploads share one instant: more than a page walks at once, so the walk must read
    // every upload of that instant before it can know which contents come first.
    await t.pool.query(
      `UPDATE uploads SET created_at = timestamptz '2026-04-01 08:00:00.5+00' WHERE id = ANY($1)`,
      [ids.slice(20, 110)],
    );
    // One file made the oldest; and a new content with a copy older than everything else: it
    // is placed by its newest copy, on the first page, and its old copy never lists it again.
    const oldest = await t.pool.query<{ sha256: string }>(
      'SELECT sha256 FROM uploads WHERE id = $1',
      [ids[0]],
    );
    await t.pool.query(
      `UPDATE uploads SET created_at = timestamptz '2020-01-01 00:00:00+00' WHERE id = $1`,
      [ids[0]],
    );
    const bytes = await uniquePng();
    await upload(big, bytes, 'media');
    const copy = await upload(big, bytes, 'user_media');
    await t.pool.query(
      `UPDATE uploads SET created_at = timestamptz '2019-01-01 00:00:00+00' WHERE id = $1`,
      [copy],
    );
    const { rows } = await t.pool.query<{ sha256: string }>(
      `SELECT sha256 FROM uploads WHERE owner_id = $1
        GROUP BY sha256 ORDER BY max(created_at) DESC, sha256 DESC`,
      [big.id],
    );
    const expectedOrder = rows.map((row) => row.sha256);
    expect(expectedOrder).toHaveLength(141);
    for (const limit of [1, 7, 45, 60, 200]) {
      const items = await wholeLibrary(big, limit);
      expect(
        items.map((item) => item.file_hash),
        `limit=${limit}`,
      ).toEqual(expectedOrder);
    }
    const twoCopies = (await wholeLibrary(big)).find((item) => item.file_hash === sha256(bytes));
    expect(twoCopies).toMatchObject({ usage_count: 2 });
    expect(twoCopies!.refs.file_ids).toHaveLength(2);
    expect(oldest.rows[0]!.sha256).toBe(expectedOrder.at(-1));
  }, 60_000);

  it('answers 60 items by default', async () => {
    const many = await quickUser(t, true);
    const ids: string[] = [];
    for (let i = 0; i < 61; i++) ids.push(await upload(many, await uniquePng(), 'media'));
    const first = (await libraryPage(many)).json<Page>();
    expect(first.results).toHaveLength(60);
    expect(first.next_cursor).not.toBeNull();
    const rest = (
      await libraryPage(many, `?cursor=${encodeURIComponent(first.next_cursor!)}`)
    ).json<Page>();
    expect(rest.results).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    expect([...first.results, ...rest.results].map((item) => item.id).sort()).toEqual(ids.sort());
  });

  it('answers 400 for a cursor it never made, never a 5xx', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const hash = 'a'.repeat(64);
    for (const cursor of [
      'garbage',
      b64('not a time|' + hash),
      b64('2026-03-01 10:00:00+00|not-a-hash'),
      b64('2026-03-01 10:00:00+00'),
      // Well-formed, but no such time.
      b64('2026-13-01 10:00:00+00|' + hash),
      b64('2026-02-30 10:00:00+00|' + hash),
      b64('2026-03-01 24:00:00+00|' + hash),
      b64('2026-03-01 10:61:00+00|' + hash),
      b64('2026-03-01 10:00:00+99|' + hash),
      b64('0000-03-01 10:00:00+00|' + hash),
    ]) {
      const res = await libraryPage(creator, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, `${cursor}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ cursor: ['cursor is not valid.'] });
    }
    // A real time in any offset is a valid cursor.
    for (const at of ['2026-02-28 23:59:59.999999+00', '2024-02-29 10:00:00+05:30']) {
      const res = await libraryPage(creator, `?cursor=${b64(`${at}|${hash}`)}`);
      expect(res.statusCode, at).toBe(200);
    }
  });

  it.each(['0', '201', 'many'])('answers 400 for limit=%s', async (limit) => {
    const res = await libraryPage(creator, `?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual(['limit']);
  });
});
