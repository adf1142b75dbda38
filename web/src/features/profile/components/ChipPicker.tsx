import { addCustomEntry, ENTRY_PATTERN, MAX_CUSTOM_ENTRY_LENGTH } from '@zura/contracts';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import type { LucideIcon } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { inputClasses } from '../../../ui/TextField';
import { cn } from '../../../ui/cn';

export interface ChipOption {
  value: string;
  label: string;
  icon?: LucideIcon;
}

/**
 * The native checkbox or radio, invisible but covering its whole chip: clicks, keyboard and
 * assistive technology all reach the real input.
 */
export const overlayInputClasses =
  'absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed';

const chipClasses = cn(
  'relative inline-flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors select-none',
  'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
  'has-[:checked]:bg-violet-600 has-[:checked]:text-white has-[:checked]:ring-violet-600',
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-600',
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
);

interface ChipFieldsetProps {
  legend: string;
  hint?: string;
  status?: string;
  /** A validation message under the chips; the fieldset is described by it. */
  error?: string;
  children: ReactNode;
}

function ChipFieldset({ legend, hint, status, error, children }: ChipFieldsetProps) {
  const errorId = useId();
  return (
    <fieldset
      className="space-y-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">
        {legend}
        {hint && <span className="ms-2 text-xs font-normal text-slate-500">{hint}</span>}
      </legend>
      {status && <p className="text-xs text-slate-500">{status}</p>}
      {children}
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export interface MultiChipPickerProps {
  legend: string;
  /** E.g. "Select at least one" (advisory only, spec §5). */
  hint?: string;
  options: readonly ChipOption[];
  value: string[];
  onChange: (value: string[]) => void;
  max: number;
  /** Enables the "add your own" box with this label (custom tags, vibes)... */
  customLabel?: string;
  /** ...and this accessible name for its Add button. */
  addLabel?: string;
  disabled?: boolean;
  /**
   * Collapsible mode: the preset chips hide behind a button with this text (closed at first)
   * and the chosen entries show above it as chips with a remove button.
   */
  toggleLabel?: string;
  error?: string;
  /** Id of the element that takes focus when the field is pointed at (toggle or first chip). */
  focusId?: string;
}

/**
 * Checkbox chips over preset options. Chosen entries missing from the presets (custom ones)
 * are shown first so they can be removed; at the maximum the other chips are disabled.
 */
export function MultiChipPicker({
  legend,
  hint,
  options,
  value,
  onChange,
  max,
  customLabel,
  addLabel,
  disabled = false,
  toggleLabel,
  error,
  focusId,
}: MultiChipPickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const chosen = new Set(value.map((entry) => entry.toLowerCase()));
  const known = new Set(options.map((option) => option.value.toLowerCase()));
  const custom: ChipOption[] = value
    .filter((entry) => !known.has(entry.toLowerCase()))
    .map((entry) => ({ value: entry, label: entry }));
  const full = value.length >= max;

  const toggle = (entry: string, checked: boolean) => {
    if (checked) onChange(addCustomEntry(value, entry));
    else onChange(value.filter((item) => item.toLowerCase() !== entry.toLowerCase()));
  };

  const chips = (
    <div
      id={listId}
      className="max-h-64 overflow-y-auto rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap gap-2">
        {[...custom, ...options].map((option, index) => {
          const checked = chosen.has(option.value.toLowerCase());
          const Icon = option.icon;
          return (
            <label key={option.value} className={chipClasses}>
              <input
                type="checkbox"
                id={!toggleLabel && index === 0 ? focusId : undefined}
                className={overlayInputClasses}
                checked={checked}
                disabled={disabled || (!checked && full)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {checked ? (
                <Check className="size-3.5" aria-hidden />
              ) : (
                Icon && <Icon className="size-3.5" aria-hidden />
              )}
              {option.label}
            </label>
          );
        })}
      </div>
    </div>
  );

  return (
    <ChipFieldset
      legend={legend}
      hint={hint}
      status={t('profileEdit.selectedCount', { count: value.length, max })}
      error={error}
    >
      {toggleLabel ? (
        <>
          <SelectedChips
            legend={legend}
            value={value}
            options={options}
            disabled={disabled}
            onRemove={(entry) => toggle(entry, false)}
          />
          <Button
            variant="outline"
            size="sm"
            id={focusId}
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            onClick={() => setOpen((current) => !current)}
          >
            {toggleLabel}
            <ChevronDown
              className={cn('size-4 transition-transform', open && 'rotate-180')}
              aria-hidden
            />
          </Button>
          {open && chips}
        </>
      ) : (
        chips
      )}
      {customLabel && (
        <CustomEntryInput
          label={customLabel}
          addLabel={addLabel ?? t('profileEdit.add')}
          disabled={disabled || full}
          onAdd={(entry) => onChange(addCustomEntry(value, entry))}
        />
      )}
    </ChipFieldset>
  );
}

interface SelectedChipsProps {
  legend: string;
  value: readonly string[];
  options: readonly ChipOption[];
  disabled: boolean;
  onRemove: (entry: string) => void;
}

/** The chosen entries as chips, each with a remove button ("Remove Fitness"). */
function SelectedChips({ legend, value, options, disabled, onRemove }: SelectedChipsProps) {
  const { t } = useTranslation();
  const labels = new Map(options.map((option) => [option.value.toLowerCase(), option.label]));
  if (value.length === 0) {
    return <p className="text-sm text-slate-500">{t('chipPicker.noneSelected')}</p>;
  }
  return (
    <ul
      aria-label={t('chipPicker.selectedLabel', { name: legend })}
      className="flex flex-wrap gap-2"
    >
      {value.map((entry) => {
        const label = labels.get(entry.toLowerCase()) ?? entry;
        return (
          <li
            key={entry}
            className="inline-flex items-center gap-1 rounded-full bg-violet-600 py-1 pe-1 ps-3 text-sm font-medium text-white"
          >
            {label}
            <button
              type="button"
              disabled={disabled}
              aria-label={t('chipPicker.remove', { item: label })}
              onClick={() => onRemove(entry)}
              className="rounded-full p-0.5 hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white disabled:cursor-not-allowed"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface CustomEntryInputProps {
  label: string;
  addLabel: string;
  disabled: boolean;
  onAdd: (entry: string) => void;
}

/**
 * "Add your own": trimmed, never a duplicate (addCustomEntry), Enter or the Add button; only
 * characters the server's entry rule takes (ENTRY_PATTERN).
 */
function CustomEntryInput({ label, addLabel, disabled, onAdd }: CustomEntryInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const entry = text.trim();
  const refused = entry !== '' && !ENTRY_PATTERN.test(entry);
  const add = () => {
    if (entry === '' || refused) return;
    onAdd(text);
    setText('');
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // not the form's submit
    add();
  };
  return (
    <div className="space-y-1">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor={id} className="block text-xs font-medium text-slate-600">
            {label}
          </label>
          <input
            id={id}
            value={text}
            maxLength={MAX_CUSTOM_ENTRY_LENGTH}
            disabled={disabled}
            placeholder={t('profileEdit.customPlaceholder')}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={handleKeyDown}
            aria-invalid={refused}
            aria-describedby={refused ? errorId : undefined}
            className={cn(inputClasses, 'h-9')}
          />
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="h-9"
          disabled={disabled || entry === '' || refused}
          onClick={add}
          aria-label={addLabel}
        >
          <Plus className="size-4" aria-hidden />
          {t('profileEdit.add')}
        </Button>
      </div>
      {refused && (
        <p id={errorId} className="text-xs text-red-600">
          {t('chipPicker.entryCharacters')}
        </p>
      )}
    </div>
  );
}

export interface SingleChipPickerProps {
  legend: string;
  hint?: string;
  options: readonly ChipOption[];
  /** '' for none. */
  value: string;
  onChange: (value: string) => void;
  noneLabel?: string;
  disabled?: boolean;
}

/** Radio chips: one choice, optionally "none". */
export function SingleChipPicker({
  legend,
  hint,
  options,
  value,
  onChange,
  noneLabel,
  disabled = false,
}: SingleChipPickerProps) {
  const name = useId();
  const all: readonly ChipOption[] = noneLabel
    ? [{ value: '', label: noneLabel }, ...options]
    : options;
  return (
    <ChipFieldset legend={legend} hint={hint}>
      <div className="flex flex-wrap gap-2">
        {all.map((option) => {
          const Icon = option.icon;
          return (
            <label key={option.value || 'none'} className={chipClasses}>
              <input
                type="radio"
                name={name}
                className={overlayInputClasses}
                value={option.value}
                checked={value === option.value}
                disabled={disabled}
                onChange={() => onChange(option.value)}
              />
              {Icon && <Icon className="size-3.5" aria-hidden />}
              {option.label}
            </label>
          );
        })}
      </div>
    </ChipFieldset>
  );
}
