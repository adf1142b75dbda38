import { formatCents } from '@zura/contracts';

/**
 * The recipient's notification text for a new message. A locked message, system or not, shows
 * only its price: the notification reaches the recipient before they pay.
 */
export function noticeText(message: {
  text: string;
  isLocked: boolean;
  isSystem: boolean;
  priceCents: number;
}) {
  if (message.isLocked) return `Locked message · ${formatCents(message.priceCents)}`;
  if (message.isSystem) return message.text;
  return message.text.slice(0, 140) || 'Sent an attachment';
}

/** The call room of a pair: `room_{smaller id}_{larger id}`. */
export function roomIdOf(a: number, b: number): string {
  return `room_${Math.min(a, b)}_${Math.max(a, b)}`;
}

/**
 * The one system message a user's send makes: the call announcement, in the server's words
 * (the web shows its own translation of them, by the flag, never by the text).
 */
export function callAnnouncementText(username: string): string {
  return `${username} started a video call`;
}
