import {
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';

/** How a menu was asked for before its code had loaded. */
export type PendingOpen = 'pointer' | 'keyboard' | null;

/** What a light trigger hands to the menu that replaces it. */
export interface HandOver {
  /** The light trigger had focus: the real one takes it on mount. */
  focusTrigger: boolean;
  /** The light trigger was pressed meanwhile: open at once. */
  pendingOpen: PendingOpen;
}

/** A loader that imports once, however often it is called. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => (loading ??= load());
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A menu's light trigger (issue 20, first-load budget): the menu's code (Radix dropdown and
 * what it opens) is imported when the pointer comes near or the trigger gets focus; once it is
 * there, the caller renders the real menu in the trigger's place with `handOver`.
 */
export function useLoadOnIntent<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  const [pendingOpen, setPendingOpen] = useState<PendingOpen>(null);
  const [hadFocus, setHadFocus] = useState(false);
  const start = () => void load().then((value) => setLoaded({ value }));
  const triggerProps = {
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: start,
    onFocus: () => {
      setHadFocus(true);
      start();
    },
    onBlur: () => setHadFocus(false),
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      setPendingOpen('pointer');
      start();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      setPendingOpen('keyboard');
      start();
    },
  };
  const handOver: HandOver = { focusTrigger: hadFocus, pendingOpen };
  return { loaded: loaded?.value ?? null, handOver, triggerProps };
}

/**
 * The real menu's side of the hand-over: focus its trigger on mount if the light one had it,
 * open at once if it was pressed, and after a key press go to the first item as a keyboard
 * opening does (Radix was not yet listening for that key). Spread `defaultOpen` on the Root,
 * `triggerRef` on the Trigger and `contentRef` on the Content.
 */
export function useHandOver({ focusTrigger, pendingOpen }: HandOver) {
  const triggerRef: RefObject<HTMLButtonElement | null> = useRef(null);
  const keyboardOpening = useRef(pendingOpen === 'keyboard');
  useLayoutEffect(() => {
    if (focusTrigger) triggerRef.current?.focus();
    // Only on mount: afterwards Radix moves focus itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // After Radix has focused the menu itself, hence the task.
  const contentRef = (content: HTMLDivElement | null) => {
    if (!content || !keyboardOpening.current) return;
    keyboardOpening.current = false;
    setTimeout(() => content.querySelector<HTMLElement>('[role="menuitem"]')?.focus(), 0);
  };
  return { defaultOpen: pendingOpen !== null, triggerRef, contentRef };
}
