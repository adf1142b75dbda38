import { Suspense, useState, type ReactNode } from 'react';

export interface MountWhenOpenedProps {
  open: boolean;
  children: ReactNode;
}

/**
 * Renders its children (typically a `React.lazy` dialog) from the first time `open` is true
 * on, and keeps them mounted afterwards: the dialog's code loads only when it is first opened
 * (issue 20, bundle budget), and later closes and re-opens behave as a mounted dialog does
 * (its closing animation, focus going back to the trigger).
 */
export function MountWhenOpened({ open, children }: MountWhenOpenedProps) {
  const [opened, setOpened] = useState(open);
  // Derived state: adjusted during render, as React recommends for it.
  if (open && !opened) setOpened(true);
  return opened ? <Suspense>{children}</Suspense> : null;
}
