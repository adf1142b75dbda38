import type { SegmentInput } from '@zura/contracts';

/** The segment picker's fields, as typed. */
export type SegmentKind = SegmentInput['kind'];
export type SegmentDraft = { kind: SegmentKind; minAmount: string; days: string; ids: string };

export const EMPTY_SEGMENT: SegmentDraft = { kind: 'active', minAmount: '10', days: '30', ids: '' };

/** The segment as the API takes it; undefined while a field cannot be sent yet. */
export function segmentOf(draft: SegmentDraft): SegmentInput | undefined {
  switch (draft.kind) {
    case 'spenders': {
      const days = Number(draft.days);
      if (!Number.isInteger(days) || !draft.minAmount.trim()) return undefined;
      return { kind: 'spenders', min_amount: draft.minAmount.trim(), days };
    }
    case 'list': {
      const ids = draft.ids
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1)) return undefined;
      return { kind: 'list', user_ids: ids };
    }
    default:
      return { kind: draft.kind };
  }
}
