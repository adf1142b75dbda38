import type { webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createFederation,
  generateCryptoKeyPair,
  InProcessMessageQueue,
  MemoryKvStore,
  signRequest,
  type Federation,
} from '@fedify/fedify';
import {
  Accept,
  type Activity,
  Announce,
  Block,
  Create,
  Delete,
  Endpoints,
  Follow,
  Like,
  Note,
  Person,
  Reject,
  Undo,
  Update,
} from '@fedify/vocab';
import { buildTestApp, type TestApp } from '../../../test/app.ts';

/** What the stand-in server's inboxes received, in order of arrival. */
export type Received = {
  type:
    | 'Accept'
    | 'Create'
    | 'Update'
    | 'Delete'
    | 'Reject'
    | 'Block'
    | 'Follow'
    | 'Like'
    | 'Announce'
    | 'Undo';
  /**
   * The activity's object: the Note's or Tombstone's id, the accepted or rejected Follow's,
   * the blocked actor's, or the deleted actor's.
   */
  objectId: string | undefined;
  /** A Create's or Update's note text (HTML). */
  content: string | undefined;
  /** The inbox it came to: an actor's name, or `shared`. */
  inbox: string;
  /** The activity's own id. */
  id?: string | undefined;
  /** A Create's note: what it replies to. */
  inReplyTo?: string | undefined;
  /** An Undo's undone activity's type. */
  undone?: string | undefined;
};

const POLL_MS = 50;
const WAIT_MS = 20_000;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The Zura test app listening on a real loopback port, its PUBLIC_URL that address (so its
 * actor ids resolve for the stand-in server), loopback fetches and deliveries allowed unless
 * `env` says otherwise, its queue worker on.
 */
export async function buildListeningApp(
  env: Record<string, string> = { FEDERATION_ALLOW_PRIVATE: 'true' },
): Promise<{ t: TestApp; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ PUBLIC_URL: origin, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, origin };
}

/** A Node request as the Web `Request` Fedify takes. */
async function toRequest(req: http.IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
  });
}

/**
 * A stand-in for a Mastodon server, built on Fedify in the test: its own federation (memory
 * store, in-process queue), actors `alice` and `mallory` with their own keys, verifying every
 * delivery's signature as Mastodon does, and recording what its inboxes receive.
 */
export async function startRemoteServer() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pairs = new Map<string, webcrypto.CryptoKeyPair>([
    ['alice', await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')],
    ['mallory', await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')],
    // Alice's new account, which names her old one (`alsoKnownAs`): the target of her `Move`.
    ['alice-new', await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')],
  ]);
  const received: Received[] = [];
  /** Notes the stand-in serves at their ids (`publish`), as a server serves its statuses. */
  const notes = new Map<string, Note>();
  const federation: Federation<void> = createFederation<void>({
    kv: new MemoryKvStore(),
    queue: new InProcessMessageQueue(),
    origin,
    allowPrivateAddress: true,
  });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!pairs.has(identifier)) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        inbox: ctx.getInboxUri(identifier),
        // Only alice names the shared inbox: what reaches mallory comes to her own.
        endpoints:
          identifier === 'alice' ? new Endpoints({ sharedInbox: ctx.getInboxUri() }) : null,
        publicKey: keys[0]?.cryptographicKey ?? null,
        aliases: identifier === 'alice-new' ? [ctx.getActorUri('alice')] : [],
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => {
      const pair = pairs.get(identifier);
      return pair ? [pair] : [];
    });
  federation.setObjectDispatcher(
    Note,
    '/users/{identifier}/statuses/{id}',
    (_ctx, values) => notes.get(`${values.identifier}/${values.id}`) ?? null,
  );

  const record = async (
    type: Received['type'],
    activity: Activity,
    inbox: string | null,
    note?: Note | null,
  ) => {
    received.push({
      type,
      objectId: activity.objectId?.href,
      content: note?.content?.toString(),
      inbox: inbox ?? 'shared',
      id: activity.id?.href,
      inReplyTo: note?.replyTargetId?.href,
    });
  };
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, (ctx, accept) => record('Accept', accept, ctx.recipient))
    .on(Create, async (ctx, create) => {
      const object = await create.getObject();
      await record('Create', create, ctx.recipient, object instanceof Note ? object : null);
    })
    .on(Update, async (ctx, update) => {
      const object = await update.getObject();
      await record('Update', update, ctx.recipient, object instanceof Note ? object : null);
    })
    .on(Delete, (ctx, remove) => record('Delete', remove, ctx.recipient))
    .on(Reject, (ctx, reject) => record('Reject', reject, ctx.recipient))
    .on(Block, (ctx, block) => record('Block', block, ctx.recipient))
    // A Zura user following one of ours: alice accepts (as Mastodon does, signed), mallory
    // refuses with a Reject.
    .on(Follow, async (ctx, follow) => {
      await record('Follow', follow, ctx.recipient);
      const name = ctx.parseUri(follow.objectId)?.type === 'actor' ? ctx.recipient : null;
      const follower = await follow.getActor(ctx);
      if (!name || !follower) return;
      const answer = { actor: ctx.getActorUri(name), object: follow };
      await ctx.sendActivity(
        { identifier: name },
        follower,
        name === 'mallory'
          ? new Reject({
              id: new URL(`#rejects/${crypto.randomUUID()}`, ctx.getActorUri(name)),
              ...answer,
            })
          : new Accept({
              id: new URL(`#accepts/${crypto.randomUUID()}`, ctx.getActorUri(name)),
              ...answer,
            }),
      );
    })
    .on(Like, (ctx, like) => record('Like', like, ctx.recipient))
    .on(Announce, (ctx, announce) => record('Announce', announce, ctx.recipient))
    .on(Undo, async (ctx, undo) => {
      await record('Undo', undo, ctx.recipient);
      const undone = await undo.getObject(ctx).catch(() => null);
      const last = received.at(-1);
      if (last) last.undone = undone?.constructor.name;
    });

  server.on('request', (req, res) => {
    void (async () => {
      const response = await federation.fetch(await toRequest(req, origin), {
        contextData: undefined,
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });

  const actor = (name: string) => new URL(`/users/${name}`, origin);
  const keyId = (name: string) => new URL(`/users/${name}#main-key`, origin);

  /** POSTs an activity to a Zura inbox, signed with `signer`'s key (none: unsigned). */
  async function post(inbox: string, activity: Activity, signer: string | null) {
    const body = JSON.stringify(await activity.toJsonLd());
    const request = new Request(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json', accept: 'application/json' },
      body,
    });
    const pair = signer === null ? undefined : pairs.get(signer);
    const signed = pair
      ? await signRequest(request, pair.privateKey, keyId(signer ?? ''))
      : request;
    return fetch(signed);
  }

  let follows = 0;
  return {
    origin,
    received,
    actor,
    /** A `Follow` of a Zura actor by one of ours. */
    followOf(target: string, by = 'alice') {
      follows += 1;
      return new Follow({
        id: new URL(`/follows/${follows}`, origin),
        actor: actor(by),
        object: new URL(target),
      });
    },
    undoOf(follow: Follow) {
      return new Undo({
        id: new URL(`${follow.id?.href ?? ''}#undo`),
        actor: follow.actorId,
        object: follow,
      });
    },
    post,
    /** Serves a note (its id `/users/<name>/statuses/<n>`) for anyone who fetches it. */
    publish(note: Note) {
      const match = /\/users\/([^/]+)\/statuses\/([^/]+)$/.exec(note.id?.pathname ?? '');
      if (match) notes.set(`${match[1]}/${match[2]}`, note);
    },
    /** Waits (bounded) until an arrival matches, and answers it. */
    async waitFor(match: (arrival: Received) => boolean): Promise<Received> {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`Nothing matching arrived; received: ${JSON.stringify(received)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type RemoteServer = Awaited<ReturnType<typeof startRemoteServer>>;
