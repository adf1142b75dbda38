import type { TFunction } from '../lib/translator';
import { ApiError, errorBodyText, isRecord } from '../lib/api-errors';

export interface PaymentFailure {
  message: string;
  /** 402: the wallet (or, for payouts, the earnings) does not cover the amount. */
  insufficientFunds: boolean;
}

/** The first message of a `{ field: [messages] }` body, the amount's first. */
function firstFieldMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const fields = ['amount', ...Object.keys(body).filter((key) => key !== 'amount')];
  for (const field of fields) {
    const value = body[field];
    const list = Array.isArray(value) ? value : [value];
    const text = list.find((item): item is string => typeof item === 'string' && item !== '');
    if (text) return text;
  }
  return undefined;
}

/**
 * How a refused payment is explained: 402 as insufficient funds (the server's text, which
 * invites a top-up), other client errors with the server's message (`detail`, `error` or the
 * amount's field message), and anything else (5xx, offline) with `fallback`.
 */
export function paymentFailure(error: unknown, t: TFunction, fallback: string): PaymentFailure {
  if (error instanceof ApiError && error.status === 402) {
    return {
      message: errorBodyText(error, 'detail') ?? t('payments.insufficientFunds'),
      insufficientFunds: true,
    };
  }
  // 422 is the server refusing a reused Idempotency-Key: the next attempt uses a new one.
  if (error instanceof ApiError && error.status < 500 && error.status !== 422) {
    const text =
      errorBodyText(error, 'detail') ??
      errorBodyText(error, 'error') ??
      firstFieldMessage(error.body);
    if (text) return { message: text, insufficientFunds: false };
  }
  return { message: fallback, insufficientFunds: false };
}
