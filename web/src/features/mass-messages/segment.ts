import type { SegmentInput } from '@zura/contracts';

/** The segment picker's fields, as typed; hand-picked fans are chosen by name from the audience. */
export type SegmentKind = SegmentInput['kind'];
export type PickedFan = { id: number; username: string };
export type SegmentDraft = {
  kind: SegmentKind;
  minAmount: string;
  days: string;
  picked: PickedFan[];
};

export const EMPTY_SEGMENT: SegmentDraft = {
  kind: 'active',
  minAmount: '10',
  days: '30',
  picked: [],
};

/** The segment as the API takes it; undefined while a field cannot be sent yet. */
export function segmentOf(draft: SegmentDraft): SegmentInput | undefined {
  switch (draft.kind) {
    case 'spenders': {
      const days = Number(draft.days);
      if (!Number.isInteger(days) || !draft.minAmount.trim()) return undefined;
      return { kind: 'spenders', min_amount: draft.minAmount.trim(), days };
    }
    case 'list':
      // The request still names ids: the names are for the creator only.
      if (draft.picked.length === 0) return undefined;
      return { kind: 'list', user_ids: draft.picked.map((fan) => fan.id) };
    default:
      return { kind: draft.kind };
  }
}
