import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for the new page's heading (its code or first data may still arrive). */
const HEADING_WAIT_MS = 1500;
const TYPING_TARGETS = 'input, textarea, select, [contenteditable="true"]';
/** Open pop-ups: the user went on to one while the page loaded; focus stays there. */
const POPUPS = '[role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"]';

/**
 * After each navigation (not the first page load), focus moves to the new page's main heading,
 * so keyboard and screen-reader users start on the page they asked for instead of on the link
 * they left behind. The heading is made focusable from script only (`tabindex="-1"`). A page
 * that focuses a field itself keeps that.
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A field that has focus already (the new page's autofocus, or the shell's search box the
    // user navigated from) keeps it: the user is about to type there.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.matches(TYPING_TARGETS)) return;
    const startedAt = Date.now();
    let frame = 0;
    const tryFocus = () => {
      // A menu or dialog opened since (the new page's code was still loading, or its heading
      // is late): it keeps focus; taking it away would close it under the user's pointer.
      const current = document.activeElement;
      if (current instanceof HTMLElement && current.closest(POPUPS)) return;
      const heading =
        document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (Date.now() - startedAt < HEADING_WAIT_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
