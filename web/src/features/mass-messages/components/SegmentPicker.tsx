import { useTranslation } from '../../../lib/use-translation';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import type { SegmentDraft, SegmentKind } from '../segment';
import { AudiencePicker } from './AudiencePicker';

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
        <AudiencePicker
          picked={value.picked}
          onChange={(picked) => onChange({ ...value, picked })}
        />
      )}
    </div>
  );
}
