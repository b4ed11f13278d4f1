import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { useFocusTrap } from '../../use-focus-trap.js';

export interface ModalProps {
  /** the dialog's visible title, which names it for screen readers */
  title: string;
  /** an id unique on the page, for the title */
  id: string;
  /** called on Escape (and by the caller's own buttons) */
  onClose: () => void;
  children: ComponentChildren;
}

/**
 * Makes what is around `el` inert and hidden from screen readers, up to its scope (the nearest
 * `[data-gh-modal-scope]`, a hosted screen's root, else the page's body): the siblings of `el` and of
 * each of its ancestors below the scope. Answers the function that gives them back.
 */
function shutOutside(el: HTMLElement): () => void {
  const scope = el.parentElement?.closest('[data-gh-modal-scope]') ?? el.ownerDocument.body;
  const shut: HTMLElement[] = [];
  for (let at: HTMLElement | null = el; at && at !== scope && scope.contains(at); at = at.parentElement) {
    for (const sib of Array.from(at.parentElement?.children ?? [])) {
      if (sib === at || !(sib instanceof HTMLElement) || sib.inert || sib.tagName === 'SCRIPT') continue;
      sib.inert = true;
      sib.setAttribute('aria-hidden', 'true');
      shut.push(sib);
    }
  }
  return () => {
    for (const sib of shut) {
      sib.inert = false;
      sib.removeAttribute('aria-hidden');
    }
  };
}

/**
 * A modal dialog inside a hosted screen: `role="dialog"`, `aria-modal`, named by its title; it takes
 * the focus, keeps Tab within itself, shuts out what is behind it (inert, aria-hidden, up to its screen),
 * closes on Escape and gives the focus back when it goes (see a11y.md beside this file).
 */
export function Modal({ title, id, onClose, children }: ModalProps) {
  const box = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  // the control that had the focus as the dialog opened (read while rendering, before anything moves it)
  const opener = useRef(typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  useFocusTrap(box, onClose);
  // what is behind the dialog cannot be reached, by keyboard, pointer or screen reader, while it is open;
  // closed, the focus goes back to the opener once it can take it again
  useLayoutEffect(() => {
    const open = backdrop.current ? shutOutside(backdrop.current) : undefined;
    return () => {
      open?.();
      const back = opener.current;
      if (back?.isConnected && back !== back.ownerDocument.body) back.focus();
    };
  }, []);
  return (
    <div class="gh-modal-backdrop" ref={backdrop}>
      <div ref={box} class="gh-modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <h2 class="gh-modal-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
