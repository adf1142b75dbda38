import type { IncomingMessage } from 'node:http';
import type { Federation } from '@fedify/fedify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { errorBody } from '../../lib/errors.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { isDeliveryFromBlockedDomain } from './domain-blocks.ts';
import { inboxRateLimitRefusal } from './inbox-rate-limit.ts';
import { findProfileUser } from './repo.ts';

/** Largest activity accepted in an inbox, as the API's JSON bodies. */
const BODY_LIMIT = 1024 * 1024;

/** `/profile/luna`, `/profile/42/`: a profile page, which also answers as the actor. */
const PROFILE_PAGE = /^\/profile\/([^/?]{1,300})\/?(?:\?.*)?$/;

/**
 * The paths Fedify answers: WebFinger, NodeInfo (discovery and document) and everything under
 * `/ap/` but the stable media addresses, which are ordinary routes (`public-media.ts`).
 */
export function isFederationPath(url: string): boolean {
  if (url.startsWith('/ap/')) return !url.startsWith('/ap/media/');
  return (
    url.startsWith('/.well-known/webfinger') ||
    url.startsWith('/.well-known/nodeinfo') ||
    url.startsWith('/nodeinfo/')
  );
}

/** Whether the client asks for ActivityStreams (a fediverse server), not a page. */
function wantsActivityJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const lower = accept.toLowerCase();
  return (
    lower.includes('application/activity+json') ||
    (lower.includes('application/ld+json') &&
      lower.includes('https://www.w3.org/ns/activitystreams'))
  );
}

const notFound = () =>
  new Response(JSON.stringify(errorBody('not_found', 'Not found.')), {
    status: 404,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

async function readBody(raw: IncomingMessage): Promise<Buffer | 'too large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > BODY_LIMIT) return 'too large';
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The Node request as a Web `Request` on the public address (Fedify builds its URIs on it). */
async function toWebRequest(
  request: FastifyRequest,
  url: string,
  db: Database,
): Promise<Request | 'too large' | 'blocked'> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody ? await readBody(request.raw) : undefined;
  if (body === 'too large') return body;
  // A defederated domain's delivery is refused before Fedify verifies or queues anything.
  if (request.method === 'POST' && (await isDeliveryFromBlockedDomain(db, headers, body))) {
    return 'blocked';
  }
  return new Request(url, { method: request.method, headers, ...(body ? { body } : {}) });
}

/** Writes the answer; resolves with nothing (a reply is a thenable that awaits the response). */
async function send(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    // The body is sent whole below; Fastify sets the length (and compression may change it).
    if (name !== 'content-length') void reply.header(name, value);
  });
  const body = Buffer.from(await response.arrayBuffer());
  void reply.send(body);
}

/**
 * Mounts Fedify on Fastify (there is no adapter): one `onRequest` hook that, for the paths
 * Fedify owns and for a profile page asked for as ActivityStreams, hands the request to
 * `federation.fetch` and writes its `Response` back. Every other request costs a few prefix
 * checks and goes on at once, with no promise made: the API's hot paths stay as they were.
 */
export function mountFederation(
  app: FastifyInstance,
  deps: { federation: Federation<void>; db: Database; publicUrl: string; rateLimits?: RateLimits },
) {
  const { federation, db, publicUrl } = deps;

  const answer = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
    // Only inboxes take a POST: each remote host is limited before its body is even read.
    if (request.method === 'POST' && deps.rateLimits) {
      const refused = await inboxRateLimitRefusal(deps.rateLimits, request);
      if (refused) {
        // The body is left unread, so the connection is not kept for another request.
        void reply
          .status(429)
          .header('retry-after', String(refused.retryAfterSeconds))
          .header('connection', 'close')
          .send(refused.body);
        return;
      }
    }
    const web = await toWebRequest(request, url, db);
    if (web === 'too large') {
      void reply.status(413).send(errorBody('payload_too_large', 'The activity is too large.'));
      return;
    }
    if (web === 'blocked') {
      void reply
        .status(403)
        .send(errorBody('forbidden', 'This server does not federate with yours.'));
      return;
    }
    const response = await federation.fetch(web, {
      contextData: undefined,
      onNotFound: notFound,
      onNotAcceptable: () =>
        new Response('This address answers ActivityStreams (application/activity+json).', {
          status: 406,
          headers: { 'content-type': 'text/plain; charset=utf-8', vary: 'Accept' },
        }),
    });
    await send(reply, response);
  };

  /** A profile page asked for as ActivityStreams: the actor's document, at its id's address. */
  const profileAsActor = async (request: FastifyRequest, reply: FastifyReply, segment: string) => {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return false;
    }
    const user = await findProfileUser(db, name);
    // Unknown: the page answers as it always does (the web app says so).
    if (!user) return false;
    await answer(request, reply, `${publicUrl}/ap/users/${user.id}`);
    return true;
  };

  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    if (isFederationPath(url)) {
      // The hook answers; `done` is not called, so no route runs after it.
      answer(request, reply, `${publicUrl}${url}`).catch((error: unknown) => done(error as Error));
      return;
    }
    const profile = url.startsWith('/profile/') ? PROFILE_PAGE.exec(url) : null;
    const segment = profile?.[1];
    // The page and the actor share the address: a cache must keep them apart.
    if (segment) void reply.header('vary', 'Accept');
    if (segment && request.method === 'GET' && wantsActivityJson(request.headers.accept)) {
      profileAsActor(request, reply, segment).then(
        (answered) => {
          if (!answered) done();
        },
        (error: unknown) => done(error as Error),
      );
      return;
    }
    done();
  });
}

/** With `FEDERATION=false`: Fedify is not built, and its paths answer 404 (not the web app). */
export function refuseFederation(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/ap/') && !isFederationPath(request.url)) return done();
    void reply.status(404).send(errorBody('not_found', 'Federation is turned off on this server.'));
  });
}
