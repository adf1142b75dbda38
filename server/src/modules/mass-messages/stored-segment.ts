import type { Segment } from '@zura/contracts';

/**
 * A segment as `mass_messages.segment` keeps it. The spenders' amount is stored in cents under
 * its own name, so reading it back never mistakes cents for the dollars the API takes.
 */
export function segmentToStored(segment: Segment): Record<string, unknown> {
  if (segment.kind === 'spenders') {
    return { kind: 'spenders', min_amount_cents: segment.min_amount, days: segment.days };
  }
  return { ...segment };
}

export function segmentFromStored(stored: Record<string, unknown>): Segment {
  switch (stored.kind) {
    case 'active':
    case 'expired':
    case 'followers':
      return { kind: stored.kind };
    case 'spenders':
      return {
        kind: 'spenders',
        min_amount: Number(stored.min_amount_cents),
        days: Number(stored.days),
      };
    case 'list':
      return { kind: 'list', user_ids: (stored.user_ids as unknown[]).map(Number) };
    default:
      throw new Error(`unknown stored segment ${String(stored.kind)}`);
  }
}
