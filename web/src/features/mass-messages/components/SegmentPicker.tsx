import type { SegmentInput } from '@zura/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';

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

export function SegmentPicker({
  value,
  onChange,
}: {
  value: SegmentDraft;
  onChange: (next: SegmentDraft) => void;
}) {
  const { t } = useTranslation();
  const kinds: SegmentKind[] = ['active', 'expired', 'followers', 'spenders', 'list'];
  return (
    <div className="space-y-3">
      <SelectField
        label={t('massMessages.segment.label')}
        value={value.kind}
        onChange={(event) => onChange({ ...value, kind: event.target.value as SegmentKind })}
        options={kinds.map((kind) => ({ value: kind, label: t(`massMessages.segment.${kind}`) }))}
      />
      {value.kind === 'spenders' && (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('massMessages.segment.minAmount')}
            inputMode="decimal"
            value={value.minAmount}
            onChange={(event) => onChange({ ...value, minAmount: event.target.value })}
          />
          <TextField
            label={t('massMessages.segment.days')}
            inputMode="numeric"
            value={value.days}
            onChange={(event) => onChange({ ...value, days: event.target.value })}
          />
        </div>
      )}
      {value.kind === 'list' && (
        <TextField
          label={t('massMessages.segment.ids')}
          description={t('massMessages.segment.idsHint')}
          value={value.ids}
          onChange={(event) => onChange({ ...value, ids: event.target.value })}
        />
      )}
    </div>
  );
}
