import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Modal } from '../Modal/Modal.js';

export interface SavedMethod {
  id: string;
  /** "Visa •••• 1390" */
  label: string;
  /** "09/31", shown after the label when given */
  expires?: string | undefined;
}

export interface SavedMethodTexts {
  heading: string;
  /** "expires {date}" */
  expires: (date: string) => string;
  /** the delete button's name: "Remove Visa •••• 1390" */
  remove: (label: string) => string;
  /** the dialog's question: "Remove Visa •••• 1390 from your saved payment methods?" */
  confirm: (label: string) => string;
  keep: string;
  confirmRemove: string;
}

export interface SavedMethodListProps {
  methods: SavedMethod[];
  selected?: string | undefined;
  disabled?: boolean;
  /** false: no delete buttons (disableDeleteUpoButton) */
  canDelete?: boolean;
  texts: SavedMethodTexts;
  onSelect: (id: string) => void;
  /** deletes (after the shopper confirmed); the list drops the method when its owner's state does */
  onDelete: (id: string) => Promise<unknown>;
  /** where the focus goes when the last saved method is gone (a heading's id) */
  emptyFocusId: string;
  /** shown under the list (a saved card's CVV field) */
  children?: ComponentChildren;
}

/**
 * The shopper's saved payment methods (UPOs): a radio group to pick one, and a delete button each that
 * asks first (a focus-trapped dialog, "Keep" focused). After a delete the focus moves to the method
 * that took its place, or to `emptyFocusId` when none is left: never to <body>.
 */
export function SavedMethodList(p: SavedMethodListProps) {
  const [asking, setAsking] = useState<string | undefined>(undefined);
  const list = useRef<HTMLUListElement>(null);
  const t = p.texts;
  const target = p.methods.find((m) => m.id === asking);
  const remove = async (id: string) => {
    const at = p.methods.findIndex((m) => m.id === id);
    setAsking(undefined);
    try {
      await p.onDelete(id);
    } catch {
      return;
    }
    const rows = list.current?.querySelectorAll<HTMLElement>('input[type=radio]') ?? [];
    const next = rows[Math.min(at, rows.length - 1)];
    (next ?? document.getElementById(p.emptyFocusId))?.focus();
  };
  return (
    <section aria-labelledby="ghc-upos-h">
      <h3 id="ghc-upos-h">{t.heading}</h3>
      <ul class="ghc-upos" ref={list}>
        {p.methods.map((u) => {
          const on = p.selected === u.id;
          return (
            <li key={u.id} class={`ghc-upo${on ? ' ghc-on' : ''}`} data-upo={u.id}>
              <label>
                <input
                  type="radio"
                  name="ghc-upo"
                  checked={on}
                  disabled={p.disabled}
                  onChange={() => p.onSelect(u.id)}
                />
                <span>
                  {/* a masked card number stays in one piece in a right-to-left screen */}
                  <bdi dir="ltr">{u.label}</bdi>
                  {u.expires ? <span class="ghc-muted"> · {t.expires(u.expires)}</span> : null}
                </span>
              </label>
              {p.canDelete === false ? null : (
                <button
                  type="button"
                  class="ghc-del"
                  aria-label={t.remove(u.label)}
                  disabled={p.disabled}
                  data-ghc-delete={u.id}
                  onClick={() => setAsking(u.id)}
                >
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {p.children}
      {target ? (
        <Modal id="ghc-confirm" title={t.confirm(target.label)} onClose={() => setAsking(undefined)}>
          <div class="gh-modal-actions">
            <button type="button" class="ghc-link" data-ghc-keep="" onClick={() => setAsking(undefined)}>
              {t.keep}
            </button>
            <button
              type="button"
              class="ghc-link ghc-danger"
              data-ghc-confirm-delete={target.id}
              onClick={() => void remove(target.id)}
            >
              {t.confirmRemove}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
