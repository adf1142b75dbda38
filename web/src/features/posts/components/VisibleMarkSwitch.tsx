import { useTranslation } from '../../../lib/use-translation';
import { Switch } from '../../../ui/Switch';
import { visibleMarkChoice } from '../visible-mark';

export interface VisibleMarkSwitchProps {
  /** The post's own choice: null follows the author's default. */
  value: boolean | null;
  /** The author's default (`visible_mark_default` of their profile). */
  defaultOn: boolean;
  onChange: (value: boolean | null) => void;
  disabled?: boolean;
}

/**
 * The visible mark of one post (issue 35): shown as on or off, starting from the author's
 * default, with what it does and does not do said beside it.
 */
export function VisibleMarkSwitch({
  value,
  defaultOn,
  onChange,
  disabled,
}: VisibleMarkSwitchProps) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={value ?? defaultOn}
      onCheckedChange={(checked) => onChange(visibleMarkChoice(checked, defaultOn))}
      label={t('visibleMark.post')}
      description={t('visibleMark.hint')}
      disabled={disabled}
    />
  );
}
