import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { TextField } from '../../../ui/TextField';
import type { ProfileEditValues } from '../edit-form';
import { FormSection } from './FormSection';

const LINK_FIELDS = ['instagram_url', 'x_url', 'youtube', 'tiktok', 'reddit', 'website'] as const;
const LINK_LABELS = {
  instagram_url: 'instagram',
  x_url: 'x',
  youtube: 'youtube',
  tiktok: 'tiktok',
  reddit: 'reddit',
  website: 'website',
} as const;

interface SocialLinksSectionProps {
  register: UseFormRegister<ProfileEditValues>;
}

/** The profile's links to other sites. */
export function SocialLinksSection({ register }: SocialLinksSectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('profileEdit.sections.social')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {LINK_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`profileEdit.links.${LINK_LABELS[field]}`)}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={t('profileEdit.links.placeholder')}
            {...register(field)}
          />
        ))}
      </div>
    </FormSection>
  );
}
