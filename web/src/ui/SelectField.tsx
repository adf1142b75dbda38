import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { inputClasses } from './TextField';
import { cn } from './cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  invalid?: boolean;
  /** Help text under the select, linked with aria-describedby. */
  description?: ReactNode;
}

/** A labelled native select (keyboard, screen readers and mobile pickers for free). */
export function SelectField({
  label,
  options,
  invalid = false,
  description,
  id,
  className,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const descriptionId = description ? `${selectId}-description` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={invalid || undefined}
          aria-describedby={descriptionId}
          className={cn(inputClasses, 'appearance-none pe-10')}
          {...selectProps}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
      {description && (
        <div id={descriptionId} className="text-xs text-slate-500">
          {description}
        </div>
      )}
    </div>
  );
}
