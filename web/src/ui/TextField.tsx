import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export const inputClasses = cn(
  'block h-11 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-sm text-slate-900',
  'placeholder:text-slate-500 transition-shadow',
  'focus:border-violet-500 focus:ring-4 focus:ring-violet-100 focus:outline-none',
  'aria-invalid:border-red-400 aria-invalid:focus:ring-red-100',
  'disabled:bg-slate-50 disabled:text-slate-500',
);

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  invalid?: boolean;
  /** Help text under the input, linked with aria-describedby. */
  description?: ReactNode;
  /** Element placed inside the right end of the input (e.g. a visibility toggle). */
  trailing?: ReactNode;
}

export function TextField({
  label,
  invalid = false,
  description,
  trailing,
  id,
  className,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={descriptionId}
          className={cn(inputClasses, trailing ? 'pe-11' : undefined)}
          {...inputProps}
        />
        {trailing && <div className="absolute inset-y-0 end-0 flex items-center">{trailing}</div>}
      </div>
      {description && (
        <div id={descriptionId} className="text-xs text-slate-500">
          {description}
        </div>
      )}
    </div>
  );
}
