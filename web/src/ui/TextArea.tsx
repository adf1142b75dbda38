import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export const textAreaClasses = cn(
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900',
  'placeholder:text-slate-500 transition-shadow',
  'focus:border-violet-500 focus:ring-4 focus:ring-violet-100 focus:outline-none',
  'aria-invalid:border-red-400 aria-invalid:focus:ring-red-100',
  'disabled:bg-slate-50 disabled:text-slate-500',
);

export interface TextAreaProps extends ComponentProps<'textarea'> {
  label: string;
  /** Keep the label for screen readers only (the placeholder says it visually). */
  hideLabel?: boolean;
  invalid?: boolean;
  description?: ReactNode;
}

export function TextArea({
  label,
  hideLabel = false,
  invalid = false,
  description,
  id,
  className,
  ...props
}: TextAreaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label
        htmlFor={inputId}
        className={cn('block text-sm font-medium text-slate-700', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <textarea
        id={inputId}
        aria-invalid={invalid || undefined}
        aria-describedby={descriptionId}
        className={textAreaClasses}
        {...props}
      />
      {description && (
        <div id={descriptionId} className="text-xs text-slate-500">
          {description}
        </div>
      )}
    </div>
  );
}
