import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { storeSession } from './browser.ts';
import type { Person } from './economy.ts';
import { expectPath, expectVisible } from './expect.ts';
import { api } from './server.ts';

/**
 * Messages, notifications and the live socket (engagement spec §2): API set-up, the screen's
 * locators (texts of the spec and web/src/locales/en-engagement.ts), and a record of what
 * the page's live socket received, so a journey can tell a pushed update from a poll.
 */

export type ApiConversation = { id: number; unread_count: number };
export type ApiMessage = {
  id: number;
  text: string;
  is_locked: boolean;
  is_unlocked: boolean;
  attachments: unknown[];
};

/** POST /messaging/conversations/start_conversation/ (an existing one is reused). */
export async function startConversationViaApi(
  access: string,
  recipientId: number,
): Promise<ApiConversation> {
  const res = await api<ApiConversation>(
    'POST',
    '/messaging/conversations/start_conversation/',
    { recipient_id: recipientId },
    access,
  );
  expect(res.status, `start_conversation answered ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** POST /messaging/conversations/{id}/send_message/. */
export async function sendMessageViaApi(
  access: string,
  conversationId: number,
  text: string,
): Promise<ApiMessage> {
  const res = await api<ApiMessage>(
    'POST',
    `/messaging/conversations/${conversationId}/send_message/`,
    { text, is_locked: false, uploaded_file_uuids: [] },
    access,
  );
  expect(res.status, `send_message answered ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

/**
 * GET /messaging/conversations/{id}/messages/ as `access` sees them. Careful: reading marks
 * the conversation read for that user.
 */
export async function messagesViaApi(
  access: string,
  conversationId: number,
): Promise<ApiMessage[]> {
  const res = await api<ApiMessage[] | { results: ApiMessage[] }>(
    'GET',
    `/messaging/conversations/${conversationId}/messages/`,
    undefined,
    access,
  );
  expect(res.status, `GET messages answered ${JSON.stringify(res.body)}`).toBe(200);
  return Array.isArray(res.body) ? res.body : res.body.results;
}

/**
 * What the page's `/ws/notifications/` sockets received (text frames), from now on. Call
 * before the page opens the app, so the socket is not missed.
 */
export function recordLiveSocket(page: Page) {
  const frames: string[] = [];
  let opened = 0;
  let closed = 0;
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.startsWith('/ws/notifications')) return;
    opened += 1;
    socket.on('framereceived', ({ payload }) => {
      frames.push(typeof payload === 'string' ? payload : payload.toString('utf8'));
    });
    socket.on('close', () => {
      closed += 1;
    });
  });
  return {
    frames,
    /** Waits until a live socket is open and has said something (the first unread counts). */
    async expectConnected(timeout = 15_000) {
      await expect
        .poll(() => opened - closed > 0 && frames.length > 0, {
          timeout,
          message: 'the page should hold an open /ws/notifications/ socket that has spoken',
        })
        .toBe(true);
    },
    /** The received frames, parsed, of one `type`. */
    ofType(type: string): Record<string, unknown>[] {
      return frames.flatMap((raw) => {
        try {
          const frame = JSON.parse(raw) as Record<string, unknown>;
          return frame.type === type ? [frame] : [];
        } catch {
          return [];
        }
      });
    },
  };
}

/** Marks the current document, so `expectNoReload` can tell it was not replaced. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as Record<string, unknown>).__zuraE2eMark = true;
  });
}

/** The document marked by `markDocument` is still the one shown (no reload, no navigation). */
export async function expectNoReload(page: Page): Promise<void> {
  const marked = await page.evaluate(
    () => (globalThis as unknown as Record<string, unknown>).__zuraE2eMark === true,
  );
  expect(marked, 'the page should not have been reloaded').toBe(true);
}

/** A page signed in as `who`, opened by `open` (a visitor's context of its own). */
export async function signedInPage(open: () => Promise<Page>, who: Person): Promise<Page> {
  const page = await open();
  await storeSession(page, who.tokens);
  return page;
}

/** The open conversation of the Messages screen with `username`. */
export function conversationPane(page: Page, username: string) {
  const pane = page.getByRole('region', { name: username, exact: true });
  const form = pane.getByRole('form', { name: 'Write a message', exact: true });
  return {
    pane,
    log: pane.getByRole('log', { name: `Messages with ${username}`, exact: true }),
    text: form.getByRole('textbox', { name: 'Write a message', exact: true }),
    files: form.getByLabel('Files to attach', { exact: true }),
    attachedFiles: form.getByRole('list', { name: 'Attached files', exact: true }),
    send: form.getByRole('button', { name: 'Send', exact: true }),
    lock: form.getByRole('switch', { name: 'Lock message', exact: true }),
    price: form.getByLabel('Unlock price (USD)', { exact: true }),
    startCall: pane.getByRole('button', { name: 'Start video call', exact: true }),
  };
}

export type ConversationPane = ReturnType<typeof conversationPane>;

/** Opens /messages and waits for the conversation with `username` to be the open one. */
export async function openConversation(page: Page, username: string): Promise<ConversationPane> {
  await page.goto('/messages');
  return expectConversationOpen(page, username);
}

/** Waits until the Messages screen shows the conversation with `username`, loaded. */
export async function expectConversationOpen(
  page: Page,
  username: string,
): Promise<ConversationPane> {
  await expectPath(page, '/messages');
  const conversation = conversationPane(page, username);
  await expectVisible(conversation.log);
  await expectVisible(conversation.text);
  return conversation;
}

/** Types `text` into the composer and sends it with the Send button. */
export async function sendText(conversation: ConversationPane, text: string): Promise<void> {
  await conversation.text.fill(text);
  await conversation.send.click();
  // Sent: the composer empties and the message is in the sender's own list.
  await expect.poll(() => conversation.text.inputValue(), { timeout: 15_000 }).toBe('');
  await expectVisible(conversation.log.getByText(text, { exact: true }));
}

/** The sidebar entry `name` (Messages, Notifications) with or without its unread badge. */
function sidebarEntry(page: Page, name: string): Locator {
  return page
    .getByRole('navigation', { name: 'Main navigation', exact: true })
    .getByRole('link', { name: new RegExp(`^${name}( \\d+\\+? unread)?$`) });
}

/**
 * Waits until the sidebar entry shows `count` unread: its badge with the number, read out as
 * '{n} unread' (so the link is named 'Messages 3 unread'), or no badge at all for 0.
 */
export async function expectBadge(
  page: Page,
  name: 'Messages' | 'Notifications',
  count: number,
  timeout = 15_000,
): Promise<void> {
  const shown = count > 99 ? '99+' : String(count);
  const expected = count > 0 ? `${name} ${shown} unread` : name;
  const entry = page
    .getByRole('navigation', { name: 'Main navigation', exact: true })
    .getByRole('link', { name: expected, exact: true });
  await expectVisible(entry, timeout);
  if (count > 0) await expectVisible(entry.getByText(shown, { exact: true }));
}

/**
 * The colour of the sidebar entry's badge (the visible number) as rgb, converted by a canvas
 * (Tailwind's colours are oklch()).
 */
export async function badgeColour(page: Page, name: string, count: number) {
  const badge = sidebarEntry(page, name).getByText(String(count), { exact: true });
  await expectVisible(badge);
  return badge.evaluate((element) => {
    // The e2e project has no DOM typings: the few members used here.
    type Canvas = {
      width: number;
      height: number;
      getContext(kind: '2d'): {
        fillStyle: string;
        fillRect(x: number, y: number, w: number, h: number): void;
        getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
      } | null;
    };
    const scope = globalThis as unknown as {
      getComputedStyle(element: unknown): { backgroundColor: string };
      document: { createElement(tag: 'canvas'): Canvas };
    };
    const colour = scope.getComputedStyle(element).backgroundColor;
    const canvas = scope.document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) return { r: 0, g: 0, b: 0, css: colour };
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = Array.from(context.getImageData(0, 0, 1, 1).data);
    return { r, g, b, css: colour };
  });
}
