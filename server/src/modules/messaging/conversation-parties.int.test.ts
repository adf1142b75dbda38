import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { startConversation } from '../../../test/messaging.ts';
import { createDatabase } from '../../db/client.ts';
import { createConversationParties } from './conversation-parties.ts';

describe('conversation parties', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const party = (user: TestUser, isCreator = false) => ({
    id: user.id,
    username: user.username,
    isCreator,
    // Issue 35: the side's visible mark default, off until chosen.
    visibleMark: false,
  });

  it('answers conversations asked for together with one query, each with its own sides', async () => {
    // One after another: a conversation's low side is the lower user id.
    const ann = await buildUser(t);
    const ben = await buildUser(t);
    const cat = await buildUser(t, { isCreator: true });
    const first = await startConversation(t, ann, ben);
    const second = await startConversation(t, ben, cat);
    const missing = second.id + 1_000;
    // A pool of its own, so that only these lookups are counted (the app's job queue polls
    // through the app's pool).
    const database = createDatabase(t.databaseUrl, 2);
    const partiesOf = createConversationParties(database.db, t.services.changes);
    let queries = 0;
    database.pool.on('acquire', () => (queries += 1));
    try {
      const expected = [
        { id: first.id, low: party(ann), high: party(ben) },
        { id: second.id, low: party(ben), high: party(cat, true) },
        undefined,
      ];
      const ids = [first.id, second.id, missing];
      expect(await Promise.all(ids.map((id) => partiesOf(id)))).toEqual(expected);
      expect(queries).toBe(1);
      // Kept now, except the id that was not found: only that one is asked again.
      expect(await Promise.all(ids.map((id) => partiesOf(id)))).toEqual(expected);
      expect(queries).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('shows a side whose account was deleted as empty, from the next lookup on', async () => {
    const ann = await buildUser(t);
    const ben = await buildUser(t);
    const conversation = await startConversation(t, ann, ben);
    const partiesOf = createConversationParties(t.db, t.services.changes);
    expect(await partiesOf(conversation.id)).toEqual({
      id: conversation.id,
      low: party(ann),
      high: party(ben),
    });
    await t.pool.query('delete from users where id = $1', [ben.id]);
    await t.services.changes.sync();
    expect(await partiesOf(conversation.id)).toEqual({
      id: conversation.id,
      low: party(ann),
      high: null,
    });
  });
});
