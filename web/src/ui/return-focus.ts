import { useRef } from 'react';

/**
 * Where focus goes when a dialog closes: back to what had it when the dialog opened (the button
 * that opened it). Radix returns focus only to its own Trigger, and our dialogs open from state,
 * so without this focus fell to the page body on close. Spread the answer on the dialog's
 * Content: the opener is noted as focus moves in, and focused again as it leaves.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      const inside = event.currentTarget instanceof Node && event.currentTarget.contains(active);
      opener.current =
        active instanceof HTMLElement && active !== document.body && !inside ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
