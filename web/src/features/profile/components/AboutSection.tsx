import { USERNAME_PATTERN } from '@zura/contracts';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { BIO_MAX_LENGTH, type ProfileEditValues } from '../edit-form';
import { stripUsername } from '../helpers';
import { FormSection } from './FormSection';

interface AboutSectionProps {
  control: Control<ProfileEditValues>;
}

/** Username and bio. */
export function AboutSection({ control }: AboutSectionProps) {
  const { t } = useTranslation();
  const username = useWatch({ control, name: 'username' }) ?? '';
  const usernameSendable = USERNAME_PATTERN.test(username.trim());
  return (
    <FormSection title={t('profileEdit.sections.about')}>
      <Controller
        control={control}
        name="username"
        render={({ field }) => (
          <TextField
            label={t('profileEdit.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={30}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(stripUsername(event.target.value))}
            description={
              usernameSendable ? t('profileEdit.usernameHint') : t('validation.usernameInvalid')
            }
          />
        )}
      />
      <Controller
        control={control}
        name="bio"
        render={({ field }) => (
          <TextArea
            label={t('profileEdit.bio')}
            rows={4}
            maxLength={BIO_MAX_LENGTH}
            placeholder={t('profileEdit.bioPlaceholder')}
            {...field}
            description={t('profileEdit.bioCount', {
              count: field.value.length,
              max: BIO_MAX_LENGTH,
            })}
          />
        )}
      />
    </FormSection>
  );
}
