import { type RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),iframe,[tabindex]:not([tabindex="-1"])';

/** The elements of `root` that Tab reaches, in order. */
export function focusablesOf(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert]'));
}

/**
 * Keeps the keyboard inside `ref` while it is mounted (the WAI-ARIA dialog pattern): focus moves to its
 * first element (or to `ref` itself) on mount, Tab and Shift+Tab wrap around at its ends, Escape calls
 * `onEscape`, and on unmount the focus goes back to the element that had it before.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  // the latest onEscape, read when the key is pressed (the trap itself is set once per mount)
  const escape = useRef(onEscape);
  escape.current = onEscape;
  // a layout effect: the focus moves as the dialog appears, before the shopper can press a key
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const before = root.ownerDocument.activeElement as HTMLElement | null;
    (focusablesOf(root)[0] ?? root).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && escape.current) {
        e.preventDefault();
        e.stopPropagation();
        escape.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusablesOf(root);
      if (list.length === 0) {
        e.preventDefault();
        root.focus();
        return;
      }
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const active = root.ownerDocument.activeElement;
      if (e.shiftKey && (active === first || active === root)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    root.addEventListener('keydown', onKey);
    return () => {
      root.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus();
    };
  }, [ref]);
}
