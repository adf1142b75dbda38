import type http from 'node:http';
import { errorBody } from '../lib/errors.ts';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Gives this request the upload deadline instead of the ordinary one. Upload routes call it
     * once they know who is uploading, so only a signed-in user's upload may take that long.
     */
    allowUploadTime: () => void;
  }
}

export type RequestDeadlines = { requestMs: number; uploadMs: number };

/** A connection that moves no byte either way for this long is closed. */
const IDLE_SOCKET_MS = 120_000;
/** Longer than the usual 60 s idle timeout of load balancers, so they close first. */
const KEEP_ALIVE_MS = 72_000;

const TIMEOUT_ANSWER = (() => {
  const body = JSON.stringify(errorBody('request_timeout', 'The request took too long to arrive.'));
  return (
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
})();

/**
 * Node's own limits, as Fastify server options. Node's request timeout is one for the whole
 * server, so it is the longest (the upload's) and serves as a backstop; the per-request deadline
 * below is the one that cuts an ordinary request.
 */
export function serverTimeouts(
  deadlines: RequestDeadlines,
): Partial<FastifyHttpOptions<http.Server>> {
  const longest = Math.max(deadlines.requestMs, deadlines.uploadMs);
  return {
    connectionTimeout: IDLE_SOCKET_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
    requestTimeout: longest,
    // Node checks that the headers' limit is within the request's when it creates the server.
    http: { headersTimeout: deadlines.requestMs, requestTimeout: longest },
  };
}

/**
 * Each request must have arrived whole (headers and body) within `requestMs` of its start, or
 * `uploadMs` once its route allowed upload time; a client trickling its body slower gets a 408
 * and its connection closed, so it cannot hold connections open at will.
 */
export function registerRequestDeadlines(app: FastifyInstance, deadlines: RequestDeadlines) {
  type Deadline = { startedAt: number; reply: FastifyReply; timer?: NodeJS.Timeout };
  const pending = new WeakMap<FastifyRequest, Deadline>();

  function arm(request: FastifyRequest, deadline: Deadline, limitMs: number) {
    clearTimeout(deadline.timer);
    const left = limitMs - (Date.now() - deadline.startedAt);
    deadline.timer = setTimeout(() => cutIfIncomplete(request, deadline.reply), left);
    // A deadline never keeps the process alive on its own.
    deadline.timer.unref();
  }

  app.decorateRequest('allowUploadTime', function (this: FastifyRequest) {
    const deadline = pending.get(this);
    if (deadline) arm(this, deadline, deadlines.uploadMs);
  });

  // Callback hooks: every request passes here, and they cost less than async ones.
  app.addHook('onRequest', (request, reply, done) => {
    // Without a body the request is whole once its headers are, and Node's headersTimeout
    // bounds those: the hot GETs arm no timer.
    if (!announcesBody(request.raw)) {
      done();
      return;
    }
    const deadline: Deadline = { startedAt: Date.now(), reply };
    pending.set(request, deadline);
    arm(request, deadline, deadlines.requestMs);
    done();
  });

  // A body still arriving after the answer (an upload refused early) keeps its deadline.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.raw.complete) clearTimeout(pending.get(request)?.timer);
    done();
  });
}

/** Whether a body follows the headers: a length above zero, or a chunked one. */
function announcesBody(raw: http.IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
}

function cutIfIncomplete(request: FastifyRequest, reply: FastifyReply) {
  const socket = request.raw.socket as typeof request.raw.socket | undefined;
  // `complete` is false only on a real connection whose request has not fully arrived.
  if (request.raw.complete !== false || !socket || socket.destroyed) return;
  request.log.info('request not received in time; closing the connection');
  if (!reply.raw.headersSent && socket.writable) socket.write(TIMEOUT_ANSWER);
  socket.destroy();
}
