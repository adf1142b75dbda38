import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-violet-600 text-white shadow-sm hover:bg-violet-700 active:bg-violet-800 disabled:bg-violet-300',
  secondary: 'bg-violet-50 text-violet-700 hover:bg-violet-100 disabled:text-violet-300',
  outline:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
  /** For coloured backgrounds. */
  inverse: 'bg-white text-violet-700 shadow-sm hover:bg-violet-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-10 gap-2 rounded-xl px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
};

/** Button look for any element (links that act as buttons use it too). */
export function buttonClasses({ variant = 'primary', size = 'md', fullWidth }: ButtonStyle = {}) {
  return cn(
    'inline-flex items-center justify-center font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600',
    'disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
  );
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonStyle {
  /** Shows a spinner and disables the button; the caller changes the label (e.g. "Saving..."). */
  busy?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(buttonClasses({ variant, size, fullWidth }), className)}
      {...props}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
