import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';

interface TabItem<V extends string> {
  value: V;
  label: string;
}

export interface TabsProps<V extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** The active tab's panel. */
  children: ReactNode;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs (roving
 * tab index) and select them; the one panel shows the active tab's content.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  onValueChange,
  children,
  className,
}: TabsProps<V>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<V, HTMLButtonElement>());
  const tabId = (tab: V) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onValueChange(item.value);
    tabRefs.current.get(item.value)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={className}>
      {/* On a narrow phone the tabs tighten, and past that scroll inside their bar: the page
          itself never scrolls sideways. */}
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-0.5 overflow-x-auto border-b border-slate-200 sm:gap-1"
      >
        {items.map((item, index) => {
          const active = item.value === value;
          return (
            <button
              key={item.value}
              ref={(node) => {
                if (node) tabRefs.current.set(item.value, node);
                else tabRefs.current.delete(item.value);
              }}
              id={tabId(item.value)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              onKeyDown={(event) => handleKeyDown(event, index)}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4',
                'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-600',
                active
                  ? 'border-violet-600 text-violet-700'
                  : 'border-transparent text-slate-500 hover:text-slate-800',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className="pt-4 focus-visible:outline-2 focus-visible:outline-violet-600"
      >
        {children}
      </div>
    </div>
  );
}
