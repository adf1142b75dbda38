/**
 * A creator's helper bot, written only against @zura/sdk: it signs in, thanks every fan whose
 * message is unread, and keeps a text post scheduled. No casts anywhere: every path, parameter,
 * body and answer is typed by the document the instance serves (README.md beside this file).
 *
 *     ZURA_URL=https://zura.example ZURA_EMAIL=me@example.com ZURA_PASSWORD=... \
 *       npx node docs/examples/bot/bot.ts
 */
import { createZuraClient, formData, orThrow, pages, signIn, type ZuraClient } from '@zura/sdk';

export type BotOptions = {
  /** The reply to a fan's new messages; `{name}` becomes their username. */
  thanks?: string;
  /** A text post to keep in the schedule: made once, unless the queue already holds its text. */
  scheduledPost?: { text: string; publishAt: Date };
  /** How many conversations to look through, newest activity first. */
  maxConversations?: number;
};

export type BotPass = {
  /** The conversations thanked, by id. */
  replied: number[];
  /** The scheduled post made by this pass, if one was. */
  scheduledPostId?: number;
};

const DEFAULT_THANKS = 'Thank you for your message, {name}! I read every one.';

/** One pass of the bot: thanks the fans with unread messages, then checks the schedule. */
export async function runOnce(client: ZuraClient, options: BotOptions = {}): Promise<BotPass> {
  const replied = await thankNewMessages(client, options);
  const scheduledPostId = options.scheduledPost
    ? await keepScheduled(client, options.scheduledPost)
    : undefined;
  return scheduledPostId === undefined ? { replied } : { replied, scheduledPostId };
}

async function thankNewMessages(client: ZuraClient, options: BotOptions): Promise<number[]> {
  const replied: number[] = [];
  let seen = 0;
  const max = options.maxConversations ?? 200;
  const conversationPages = pages((next) =>
    client.GET('/api/messaging/conversations/', { params: { query: { limit: 50 } }, ...next }),
  );
  for await (const page of conversationPages) {
    for (const conversation of page) {
      seen += 1;
      const fan = conversation.other_user;
      // A fan who deleted their account has no id left; there is no one to thank.
      if (conversation.unread_count > 0 && fan.id !== null) {
        if (await hasNewMessageFrom(client, conversation.id, fan.id, conversation.unread_count)) {
          const text = (options.thanks ?? DEFAULT_THANKS).replaceAll('{name}', fan.username);
          orThrow(
            await client.POST('/api/messaging/conversations/{id}/send_message/', {
              params: { path: { id: conversation.id } },
              body: { text },
            }),
          );
          replied.push(conversation.id);
        }
      }
      if (seen >= max) return replied;
    }
  }
  return replied;
}

/**
 * Whether the unread messages (the newest `unread`) include one the fan wrote, not a call
 * notice. Reading the newest page also marks the conversation read, so the next pass does not
 * thank the same messages again.
 */
async function hasNewMessageFrom(
  client: ZuraClient,
  conversationId: number,
  fanId: number,
  unread: number,
): Promise<boolean> {
  const messages = orThrow(
    await client.GET('/api/messaging/conversations/{id}/messages/', {
      params: { path: { id: conversationId }, query: { limit: Math.min(unread, 200) } },
    }),
  );
  return messages.some((message) => message.sender === fanId && !message.is_system);
}

/** Makes the scheduled post unless the creator's queue already holds one with its text. */
async function keepScheduled(
  client: ZuraClient,
  post: { text: string; publishAt: Date },
): Promise<number | undefined> {
  const queue = orThrow(await client.GET('/api/posts/scheduled/'));
  if (queue.some((queued) => queued.content === post.text)) return undefined;
  const created = orThrow(
    await client.POST('/api/posts/', {
      body: { content: post.text, publish_at: post.publishAt.toISOString() },
      // The route reads a form (it also takes media files): see formData in @zura/sdk.
      bodySerializer: formData,
    }),
  );
  return created.id;
}

/** Reads what the bot needs from the environment, or says which is missing. */
function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (see docs/examples/bot/README.md).`);
  return value;
}

async function main(): Promise<void> {
  const baseUrl = setting('ZURA_URL');
  const signedIn = await signIn(baseUrl, setting('ZURA_EMAIL'), setting('ZURA_PASSWORD'));
  if (signedIn.status === 'two_factor_required') {
    throw new Error('This account has two-factor sign-in on: see completeTwoFactor in the SDK.');
  }
  const client = createZuraClient({
    baseUrl,
    accessToken: signedIn.access,
    refreshToken: signedIn.refresh,
  });
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const pass = await runOnce(client, {
    scheduledPost: { text: 'New set coming tomorrow, thank you all!', publishAt: tomorrow },
  });
  console.log(`Thanked ${pass.replied.length} conversations.`);
  if (pass.scheduledPostId !== undefined) console.log(`Scheduled post ${pass.scheduledPostId}.`);
}

// Run as a script, not when a test imports runOnce.
if (import.meta.main) await main();
