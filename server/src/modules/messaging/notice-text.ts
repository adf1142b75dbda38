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
