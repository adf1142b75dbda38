/**
 * What the recipient's notification of a new message tells (its facts; the reader's client
 * writes the sentence). A locked message, system or not, tells only its price: the notification
 * reaches the recipient before they pay. A call announcement tells only who calls.
 */
export function messageNoticeFacts(message: {
  text: string;
  isLocked: boolean;
  isSystem: boolean;
  priceCents: number;
}): Record<string, unknown> {
  if (message.isLocked) return { price_cents: message.priceCents, currency: 'USD' };
  if (message.isSystem) return {};
  return { preview: message.text.slice(0, 140) || null };
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
