import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
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
 * A modal dialog inside a hosted screen: `role="dialog"`, `aria-modal`, named by its title; it takes
 * the focus, keeps Tab within itself, closes on Escape and gives the focus back when it goes
 * (see a11y.md beside this file).
 */
export function Modal({ title, id, onClose, children }: ModalProps) {
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, onClose);
  return (
    <div class="gh-modal-backdrop">
      <div ref={box} class="gh-modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <h2 class="gh-modal-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
