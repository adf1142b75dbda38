import { renderNotice, type LANGUAGES, type PushPayload } from '@zura/contracts';
import type { NotificationRow } from '../../db/schema/index.ts';

/** The notifications that wake a device: the ones worth hearing about when no tab is open. */
const PUSHED_TYPES = new Set<string>(['message', 'call', 'subscription', 'payment']);

export function isPushed(type: unknown): boolean {
  return typeof type === 'string' && PUSHED_TYPES.has(type);
}

/** A call rings for a minute; a push service holding it longer would ring a call long over. */
const CALL_TTL_SECONDS = 60;
/** Other pushes wait a day for a device that is off. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

/**
 * The title of a call's push, as a phone's call screen says it (issue 32): the notice's own
 * title ("mia is calling") reads like a past event in a list; this one rings.
 */
const INCOMING_CALL: Record<(typeof LANGUAGES)[number], string> = {
  en: 'Incoming call from @{user}',
  es: 'Llamada entrante de @{user}',
  fr: 'Appel entrant de @{user}',
  de: 'Eingehender Anruf von @{user}',
  it: 'Chiamata in arrivo da @{user}',
};

/**
 * A notification as a push, its sentence in the recipient's language. Its facts never hold a
 * locked message's text (only "Locked message · $5"): a push may show on a locked screen.
 */
export function payloadOf(
  row: NotificationRow,
  language: (typeof LANGUAGES)[number],
): { payload: PushPayload; ttlSeconds: number } {
  const conversationId = row.data.conversation_id;
  const { title, message } = renderNotice(row.kind, row.data, language);
  const payload = { title, body: message };
  switch (row.type) {
    case 'message':
      return {
        payload: { ...payload, url: '/messages', tag: `conversation-${String(conversationId)}` },
        ttlSeconds: DEFAULT_TTL_SECONDS,
      };
    case 'call':
      return {
        payload: {
          ...payload,
          title: INCOMING_CALL[language].replace('{user}', String(row.data.sender_username)),
          url: '/messages',
          tag: `call-${String(conversationId)}`,
        },
        ttlSeconds: CALL_TTL_SECONDS,
      };
    case 'payment':
      return {
        payload: { ...payload, url: '/wallet', tag: `notification-${row.id}` },
        ttlSeconds: DEFAULT_TTL_SECONDS,
      };
    default:
      return {
        payload: { ...payload, url: '/notifications', tag: `notification-${row.id}` },
        ttlSeconds: DEFAULT_TTL_SECONDS,
      };
  }
}

export const TEST_PAYLOAD: PushPayload = {
  title: 'Zura',
  body: 'Notifications work on this device.',
  url: '/settings',
  tag: 'push-test',
};
export const TEST_TTL_SECONDS = 5 * 60;
