import { renderNotice, type NoticeKind } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { withDatabaseBefore } from '../../../test/migrations.ts';

/**
 * Migration notice_facts: the rows written as English sentences get their kind, and the facts
 * their sentence held, so that each renders again, word for word in English, and in any language.
 */
const OLD_ROWS: [type: string, title: string, message: string, data: object][] = [
  [
    'follow',
    'New follower',
    'luna started following you.',
    { sender_id: 2, sender_username: 'luna' },
  ],
  [
    'follow',
    'New follower',
    'Someone started following you.',
    { sender_id: 2, sender_username: '' },
  ],
  [
    'like',
    'New like',
    'luna and 2 others liked your post',
    { post_id: 5, sender_id: 2, sender_username: 'luna', likers: 3 },
  ],
  [
    'subscription',
    'New subscriber',
    'luna subscribed to you for $4.99/month.',
    { subscriber_id: 2, subscriber_username: 'luna', subscription_id: 7 },
  ],
  [
    'subscription',
    'New subscriber',
    'luna subscribed to you for $12.00, 3 months.',
    { subscriber_id: 2, subscriber_username: 'luna', subscription_id: 8 },
  ],
  [
    'subscription',
    'New subscriber',
    'luna subscribed to you.',
    { subscriber_id: 2, subscriber_username: 'luna', subscription_id: 9 },
  ],
  [
    'subscription',
    'New subscriber',
    'luna started a 7-day free trial.',
    { subscriber_id: 2, subscriber_username: 'luna', subscription_id: 10 },
  ],
  [
    'subscription',
    'Subscription expired',
    'Your subscription to mia expired: your wallet did not cover $5.00. Top up and subscribe again.',
    { creator_id: 3, subscription_id: 11 },
  ],
  [
    'subscription',
    'Subscription price raised',
    'mia raised the monthly price to $9.99. Your subscription keeps renewing at $4.99; the new price applies only if you subscribe again.',
    { creator_id: 3, subscription_id: 12, price_cents: 499, new_price_cents: 999 },
  ],
  [
    'payment',
    'New tip',
    'luna tipped you $5.00 (you receive $4.50).',
    { sender_id: 2, sender_username: 'luna', amount_cents: 500 },
  ],
  [
    'unlock',
    'Post unlocked',
    'luna unlocked your post for $3.00 (you receive $2.70).',
    { post_id: 5, sender_id: 2, sender_username: 'luna', amount_cents: 300 },
  ],
  [
    'unlock',
    'Message unlocked',
    'A fan unlocked your message for $1234.50 (you receive $1111.05).',
    { conversation_id: 4, message_id: 6, sender_id: 2, sender_username: '' },
  ],
  [
    'comment',
    'New comment',
    'luna commented on your post: so good: really',
    { post_id: 5, comment_id: 1, sender_id: 2, sender_username: 'luna' },
  ],
  [
    'comment',
    'New reply',
    'luna replied to your comment: thanks',
    { post_id: 5, comment_id: 2, sender_id: 2, sender_username: 'luna' },
  ],
  [
    'comment',
    'New mention',
    'luna mentioned you in a comment: @mia hi',
    { post_id: 5, comment_id: 3, sender_id: 2, sender_username: 'luna' },
  ],
  [
    'system',
    'Creator application approved',
    'Your creator application has been approved!',
    { application_id: 1 },
  ],
  [
    'system',
    'Creator application not approved',
    'Your creator application was not approved: The photo is blurry. You may apply again.',
    { application_id: 2 },
  ],
  [
    'system',
    'Content removed',
    'A moderator removed your post: Spam.',
    { target_type: 'post', target_id: 5 },
  ],
  [
    'system',
    'Content removed',
    'A moderator removed your comment: ',
    { target_type: 'comment', target_id: 1 },
  ],
  [
    'system',
    'Report reviewed',
    'Thank you for your report. A moderator reviewed it and found no rule broken.',
    { report_ids: [1] },
  ],
  [
    'system',
    'Report reviewed',
    'Thank you for your report. A moderator reviewed it and took action.',
    { report_ids: [2] },
  ],
  [
    'message',
    'New message from mia',
    'Hello there',
    { conversation_id: 4, sender_id: 3, sender_username: 'mia', has_media: false },
  ],
  [
    'message',
    'New message from mia',
    'Locked message · $5.00',
    { conversation_id: 4, sender_id: 3, sender_username: 'mia', has_media: true },
  ],
  [
    'message',
    'New message from mia',
    'Sent an attachment',
    { conversation_id: 4, sender_id: 3, sender_username: 'mia', has_media: true },
  ],
  [
    'call',
    'mia is calling',
    'mia started a video call',
    { conversation_id: 4, sender_id: 3, sender_username: 'mia', has_media: false },
  ],
  ['system', 'Maintenance tonight', 'Zura is down from 2 to 3 UTC.', {}],
];

// Runs the whole migration history on a new database: slow on a busy machine.
describe('migration notice_facts', { timeout: 120_000 }, () => {
  it('gives every old row its kind and facts, which render its sentence again', async () => {
    await withDatabaseBefore('notice_facts', async ({ db, pool }) => {
      const { rows: users } = await pool.query<{ id: number }>(
        `insert into users (username, email, password_hash)
         values ('mia', 'mia@example.com', 'x') returning id::int`,
      );
      const userId = users[0]?.id;
      for (const [type, title, message, data] of OLD_ROWS) {
        await pool.query(
          'insert into notifications (user_id, type, title, message, data) values ($1, $2, $3, $4, $5)',
          [userId, type, title, message, JSON.stringify(data)],
        );
      }

      await runMigrations(db);
      const { rows } = await pool.query<{ kind: NoticeKind; data: Record<string, unknown> }>(
        'select kind, data from notifications order by id',
      );
      expect(rows.map((row) => row.kind)).toEqual([
        'followed',
        'followed',
        'liked',
        'subscribed',
        'subscribed',
        'subscribed',
        'trial_started',
        'subscription_expired',
        'price_raised',
        'tipped',
        'post_unlocked',
        'message_unlocked',
        'commented',
        'replied',
        'mentioned',
        'application_approved',
        'application_rejected',
        'content_removed',
        'content_removed',
        'report_reviewed',
        'report_reviewed',
        'message_received',
        'message_received',
        'message_received',
        'call_started',
        'text',
      ]);
      const rendered = rows.map((row) => renderNotice(row.kind, row.data, 'en'));
      expect(rendered).toEqual(OLD_ROWS.map(([, title, message]) => ({ title, message })));
      expect(rows[9]?.data).toMatchObject({
        amount_cents: 500,
        creator_cents: 450,
        currency: 'USD',
      });
      expect(rows[11]?.data).toMatchObject({ amount_cents: 123450, creator_cents: 111105 });
      // The same facts, in German.
      expect(renderNotice('tipped', rows[9]?.data ?? {}, 'de').message).toBe(
        'luna hat dir 5,00\u00a0$ Trinkgeld gegeben (du erhältst 4,50\u00a0$).',
      );
    });
  });
});
