import { parseServerFrame, type ClientFrame, type ServerFrame } from './frames';
import { CLIENT_TIMEOUT_CODE, CLOSE_CODES, PING_INTERVAL_MS, decideOnClose } from './policy';

/**
 * - `idle`: not connected on purpose (no token, page hidden, stopped);
 * - `connecting`: health check, socket opening, authenticating or waiting to reconnect;
 * - `open`: authenticated (`auth_ok` received): the socket delivers everything;
 * - `down`: gave up (unhealthy server, refused, network, attempts exhausted).
 * Anything but `open` means the fallback polls run.
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

/** The part of the browser's WebSocket this class uses (a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

const OPEN = 1;
const CLOSING = 2;

/**
 * The socket renews its access token this long before the server would close it with 4401.
 * Past the session's refresh threshold (five minutes), so `getToken` hands over a fresh token.
 */
export const TOKEN_RENEWAL_LEAD_MS = 4 * 60 * 1000;

export interface LiveConnectionOptions {
  url: () => string;
  /** The current access token (refreshed first when about to expire), or null if signed out. */
  getToken: () => Promise<string | null>;
  /** Exchanges the refresh token after a 4401; resolves to the new access token or null. */
  refreshToken: (staleAccess: string) => Promise<string | null>;
  healthCheck: (signal: AbortSignal) => Promise<boolean>;
  /** The newest notification id the client has, so the server replays what came after. */
  lastNotificationId?: () => number | undefined;
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: LiveStatus) => void;
  createSocket?: (url: string) => SocketLike;
  pingIntervalMs?: number;
  now?: () => number;
}

/**
 * One notification socket with the spec's connection rules (see `policy.ts`). `start()`
 * begins a fresh run (reconnect attempts reset), `stop()` closes it; async steps of an older
 * run are dropped, so start/stop can be called at any time.
 */
export class LiveConnection {
  private readonly options: LiveConnectionOptions;
  private socket: SocketLike | undefined;
  private run = 0;
  private attempts = 0;
  private authRetried = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private renewalTimer: ReturnType<typeof setTimeout> | undefined;
  /** The access token the open socket runs on. */
  private token: string | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private abort: AbortController | undefined;
  private lastFrameAt = 0;
  private current: LiveStatus = 'idle';

  constructor(options: LiveConnectionOptions) {
    this.options = options;
  }

  get status(): LiveStatus {
    return this.current;
  }

  /** Connects afresh (closing any socket of an earlier run). */
  start(): void {
    this.teardown();
    this.run += 1;
    this.attempts = 0;
    this.authRetried = false;
    void this.connect(this.run);
  }

  /** Closes the socket (code 1000) and cancels pending reconnects. */
  stop(status: LiveStatus = 'idle'): void {
    this.run += 1;
    this.teardown();
    this.setStatus(status);
  }

  /** Sends a frame on the live socket; false when it is not open. */
  send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.current !== 'open') return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatus(status);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private teardown(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.stopPing();
    this.stopRenewal();
    this.abort?.abort();
    this.abort = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      if (socket.readyState < CLOSING) socket.close(CLOSE_CODES.normal);
    }
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private startPing(): void {
    this.stopPing();
    const interval = this.options.pingIntervalMs ?? PING_INTERVAL_MS;
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket) return;
      if (this.now() - this.lastFrameAt > 2 * interval) {
        // Silent for too long: treat it as dropped and follow the close rules.
        const run = this.run;
        this.teardown();
        this.handleClose(CLIENT_TIMEOUT_CODE, run, undefined);
        return;
      }
      if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'ping' }));
    }, interval);
  }

  private stopRenewal(): void {
    clearTimeout(this.renewalTimer);
    this.renewalTimer = undefined;
  }

  /**
   * The server closes a socket whose token runs out (`expires_at` of `auth_ok`, epoch ms) unless
   * a newer token arrives on it first: send one shortly before, without reconnecting (nothing is
   * missed and no replay is needed). If no fresh token can be had, the 4401 at expiry takes the
   * usual refresh-and-reconnect path.
   */
  private scheduleRenewal(expiresAt: number, run: number, socket: SocketLike): void {
    this.stopRenewal();
    const delay = Math.max(0, expiresAt - this.now() - TOKEN_RENEWAL_LEAD_MS);
    this.renewalTimer = setTimeout(() => {
      this.renewalTimer = undefined;
      void this.options
        .getToken()
        .catch(() => null)
        .then((fresh) => {
          if (run !== this.run || this.socket !== socket || socket.readyState !== OPEN) return;
          if (!fresh || fresh === this.token) return;
          this.token = fresh;
          socket.send(JSON.stringify({ type: 'auth', token: fresh } satisfies ClientFrame));
        });
    }, delay);
  }

  private async connect(run: number): Promise<void> {
    this.setStatus('connecting');
    const abort = new AbortController();
    this.abort = abort;
    let token: string | null;
    try {
      token = await this.options.getToken();
    } catch {
      token = null; // a transient refresh failure: no token for now
    }
    if (run !== this.run) return;
    if (!token) {
      this.setStatus('idle');
      return;
    }
    const healthy = await this.options.healthCheck(abort.signal);
    if (run !== this.run) return;
    if (!healthy) {
      this.setStatus('down');
      return;
    }

    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    let socket: SocketLike;
    try {
      socket = create(this.options.url());
    } catch {
      this.setStatus('down');
      return;
    }
    this.socket = socket;
    this.token = token;
    const authToken = token;

    socket.onopen = () => {
      const lastId = this.options.lastNotificationId?.();
      const frame: ClientFrame =
        lastId !== undefined
          ? { type: 'auth', token: authToken, last_notification_id: lastId }
          : { type: 'auth', token: authToken };
      socket.send(JSON.stringify(frame));
    };
    socket.onmessage = (event) => {
      this.lastFrameAt = this.now();
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      if (frame.type === 'auth_ok') {
        this.attempts = 0;
        this.authRetried = false;
        this.setStatus('open');
        this.startPing();
        if (frame.expires_at !== undefined) this.scheduleRenewal(frame.expires_at, run, socket);
      }
      this.options.onFrame(frame);
    };
    socket.onerror = () => {
      // A close event always follows; the decision is taken there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.stopPing();
      this.stopRenewal();
      this.handleClose(event.code, run, this.token ?? authToken);
    };
  }

  private handleClose(code: number, run: number, token: string | undefined): void {
    if (run !== this.run) return;
    const decision = decideOnClose(code, {
      attempts: this.attempts,
      authRetried: this.authRetried,
    });
    if (decision.action === 'stop') {
      this.setStatus('down');
      return;
    }
    if (decision.action === 'refresh') {
      this.authRetried = true;
      this.setStatus('connecting');
      const refresh = token ? this.options.refreshToken(token) : Promise.resolve(null);
      void refresh
        .catch(() => null)
        .then((fresh) => {
          if (run !== this.run) return;
          if (fresh) void this.connect(run);
          else this.setStatus('down');
        });
      return;
    }
    this.attempts = decision.attempt;
    this.setStatus('connecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (run === this.run) void this.connect(run);
    }, decision.delayMs);
  }
}
