import { MAX_SUBCATEGORIES, MAX_TAGS, MAX_VIBES } from '@zura/contracts';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Switch } from '../../../ui/Switch';
import type { ProfileEditValues } from '../edit-form';
import { MultiChipPicker, SingleChipPicker } from './ChipPicker';
import { FormSection } from './FormSection';
import { PROFILE_CATEGORY_OPTIONS } from './icons';
import { CATEGORY_OPTIONS, TAG_OPTIONS, VIBE_OPTIONS } from './taxonomy-options';

interface NicheSectionProps {
  control: Control<ProfileEditValues>;
  busy: boolean;
}

type VisibilityField = 'show_subcategories' | 'show_tags' | 'show_vibes';

interface VisibilitySwitchProps extends NicheSectionProps {
  name: VisibilityField;
  label: string;
}

/** Whether a list (subcategories, tags, vibes) is shown on the public profile. */
function VisibilitySwitch({ control, busy, name, label }: VisibilitySwitchProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          checked={field.value}
          onCheckedChange={field.onChange}
          disabled={busy}
        />
      )}
    />
  );
}

/** Main category, more categories and tags. */
export function NicheSection({ control, busy }: NicheSectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('profileEdit.sections.niche')}>
      <div className="space-y-4">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {t('profileEdit.categories')}
            <span className="ms-2 text-xs font-normal text-slate-500">
              {t('profileEdit.selectAtLeastOne')}
            </span>
          </h3>
        </div>
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <SingleChipPicker
              legend={t('profileEdit.mainCategory')}
              options={PROFILE_CATEGORY_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              noneLabel={t('profileEdit.noCategory')}
              disabled={busy}
            />
          )}
        />
        <Controller
          control={control}
          name="subcategories"
          render={({ field }) => (
            <MultiChipPicker
              legend={t('profileEdit.moreCategories')}
              options={CATEGORY_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              max={MAX_SUBCATEGORIES}
              disabled={busy}
            />
          )}
        />
        <VisibilitySwitch
          control={control}
          busy={busy}
          name="show_subcategories"
          label={t('profileEdit.showSubcategories')}
        />
      </div>
      <div className="space-y-4 border-t border-slate-100 pt-5">
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <MultiChipPicker
              legend={t('profileEdit.tags')}
              hint={t('profileEdit.selectAtLeastOne')}
              options={TAG_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              max={MAX_TAGS}
              customLabel={t('profileEdit.customTag')}
              addLabel={t('profileEdit.addTag')}
              disabled={busy}
            />
          )}
        />
        <VisibilitySwitch
          control={control}
          busy={busy}
          name="show_tags"
          label={t('profileEdit.showTags')}
        />
      </div>
    </FormSection>
  );
}

/** The profile's vibes. */
export function VibeSection({ control, busy }: NicheSectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('profileEdit.sections.vibe')}>
      <Controller
        control={control}
        name="vibes"
        render={({ field }) => (
          <MultiChipPicker
            legend={t('profileEdit.vibes')}
            options={VIBE_OPTIONS}
            value={field.value}
            onChange={field.onChange}
            max={MAX_VIBES}
            customLabel={t('profileEdit.customVibe')}
            addLabel={t('profileEdit.addVibe')}
            disabled={busy}
          />
        )}
      />
      <VisibilitySwitch
        control={control}
        busy={busy}
        name="show_vibes"
        label={t('profileEdit.showVibes')}
      />
    </FormSection>
  );
}
