import { OFFER_AUDIENCE_VALUES, type CreateOfferBody } from '@zura/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { refusalText, useCreateOffer } from '../api';

export interface CreateOfferFormProps {
  kind: 'trial' | 'discount';
}

/** Whole numbers only: an empty or fractional field is sent as typed for the server to refuse. */
function numberOrText(value: string): number | string {
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
}

/**
 * One form for both kinds: the trial's days or the discount's percent, who may claim, and an
 * optional claim limit and expiry. The server validates; its message is shown as it says it.
 */
export function CreateOfferForm({ kind }: CreateOfferFormProps) {
  const { t } = useTranslation();
  const create = useCreateOffer();
  const [amount, setAmount] = useState(kind === 'trial' ? '7' : '50');
  const [audience, setAudience] = useState<CreateOfferBody['audience']>(
    kind === 'trial' ? 'new' : 'everyone',
  );
  const [limit, setLimit] = useState('');
  const [expires, setExpires] = useState('');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const terms =
      kind === 'trial'
        ? { trial_days: numberOrText(amount) }
        : { discount_percent: numberOrText(amount) };
    // The body is checked by the server; a typed value that is not a number gets its message.
    const body = {
      kind,
      ...terms,
      audience,
      claim_limit: limit.trim() === '' ? null : numberOrText(limit),
      expires_at: expires === '' ? null : new Date(expires).toISOString(),
    } as CreateOfferBody;
    create.mutate(body);
  };

  const prefix = kind === 'trial' ? 'offers.trial' : 'offers.discount';
  return (
    <form onSubmit={handleSubmit} className="space-y-3" aria-label={t(`${prefix}.title`)}>
      <p className="text-sm text-slate-600">{t(`${prefix}.hint`)}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={kind === 'trial' ? t('offers.trial.days') : t('offers.discount.percent')}
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <SelectField
          label={t('offers.audience.label')}
          value={audience}
          onChange={(event) => setAudience(event.target.value as CreateOfferBody['audience'])}
          options={OFFER_AUDIENCE_VALUES.map((value) => ({
            value,
            label: t(`offers.audience.${value}`),
          }))}
        />
        <TextField
          label={t('offers.claimLimit')}
          inputMode="numeric"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
        />
        <TextField
          label={t('offers.expiresAt')}
          type="datetime-local"
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
      </div>
      {create.isError && <Alert>{refusalText(create.error) ?? t('offers.createFailed')}</Alert>}
      <Button type="submit" busy={create.isPending}>
        {create.isPending ? t('offers.creating') : t(`${prefix}.create`)}
      </Button>
    </form>
  );
}
