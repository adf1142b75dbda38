import { useTranslation } from '../../../lib/use-translation';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import type { MassContentInput } from '../api';
import { LibraryMediaPicker } from './LibraryMediaPicker';

export type ContentDraft = { text: string; mediaIds: string[]; price: string };
export const EMPTY_CONTENT: ContentDraft = { text: '', mediaIds: [], price: '' };

export function contentOf(draft: ContentDraft): MassContentInput {
  return { text: draft.text, media_ids: draft.mediaIds, price: draft.price.trim() || null };
}

/** Text, library media and an optional price: what mass and welcome messages hold. */
export function ContentFields({
  value,
  onChange,
  idPrefix,
}: {
  value: ContentDraft;
  onChange: (next: ContentDraft) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <TextArea
        id={`${idPrefix}-text`}
        label={t('massMessages.compose.text')}
        rows={4}
        maxLength={5000}
        value={value.text}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
      />
      <LibraryMediaPicker
        selected={value.mediaIds}
        onChange={(mediaIds) => onChange({ ...value, mediaIds })}
      />
      <TextField
        id={`${idPrefix}-price`}
        label={t('massMessages.compose.price')}
        description={t('massMessages.compose.priceHint')}
        inputMode="decimal"
        placeholder="5.00"
        value={value.price}
        onChange={(event) => onChange({ ...value, price: event.target.value })}
      />
    </div>
  );
}
