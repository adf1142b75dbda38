import { useTranslation } from '../lib/use-translation';
import { cn } from './cn';

export interface LogoProps {
  className?: string;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

/** The product mark: a gradient tile with the initial, then the name. */
export function Logo({ className, inverted = false }: LogoProps) {
  const { t } = useTranslation();
  const name = t('app.name');
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <span
        aria-hidden
        className="inline-flex size-8 items-center justify-center rounded-xl bg-gradient-to-br from-violet-600 to-fuchsia-500 text-base text-white shadow-sm"
      >
        {name.charAt(0)}
      </span>
      <span className={cn('text-xl', inverted ? 'text-white' : 'text-slate-900')}>{name}</span>
    </span>
  );
}
