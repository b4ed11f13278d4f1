import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Modal } from '../../web-sdk/src/ui/components/Modal/Modal.js';
import { Spinner } from '../../web-sdk/src/ui/components/Spinner/Spinner.js';
import { BrandMark } from '../../web-sdk/src/ui/components/BrandMark/BrandMark.js';
import { cameByNavigation } from './router.js';
import { brandOf, t } from './i18n.js';

/**
 * The panel's own small pieces, shared by its pages: the page heading (title and focus), the one live
 * region that announces results, the confirmation dialog over the foundation's Modal, a status badge
 * and a card cell.
 */

let announceTo: (text: string) => void = () => undefined;

/** Says `text` once through the layout's polite live region (a result, a copied key). */
export const announce = (text: string) => announceTo(text);

/** The layout's live region: one for the whole panel, so results are heard however the page changes. */
export function Announcer() {
  const [text, setText] = useState('');
  useEffect(() => {
    announceTo = (next) => {
      // emptied first, so the same words said twice are heard twice
      setText('');
      requestAnimationFrame(() => setText(next));
    };
  }, []);
  return (
    <div class="dash-sr" role="status" aria-live="polite" data-dash-announcer="">
      {text}
    </div>
  );
}

/** The page's h1, its document.title, and the focus on it after an in-app navigation. */
export function PageHeading({ title, merchant }: { title: string; merchant?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = merchant ? t('doc.titleOf', { page: title, merchant }) : t('doc.title', { page: title });
    if (cameByNavigation()) ref.current?.focus();
  }, [title, merchant]);
  return (
    <h1 ref={ref} tabIndex={-1} id="page-heading">
      {title}
    </h1>
  );
}

const STATUS_TONE: Record<string, string> = {
  APPROVED: 'ok',
  DECLINED: 'bad',
  ERROR: 'bad',
  PENDING: 'wait',
  // withdrawal requests and orders
  Approved: 'ok',
  Settled: 'ok',
  Declined: 'bad',
  Error: 'bad',
  Canceled: 'bad',
  Deleted: 'bad',
};

export function StatusBadge({ status }: { status: string }) {
  return <span class={`dash-badge ${STATUS_TONE[status] ?? 'wait'}`}>{statusLabel(status)}</span>;
}

/** The card's mark (when the foundation draws it) and its last four digits, read as "Visa ending 1390". */
export function CardCell({ brand, last4 }: { brand: string | null; last4: string | null }) {
  if (!last4 && !brand) return <span class="dash-hint">—</span>;
  const mark = brandOf(brand);
  return (
    <span class="dash-card">
      {mark ? <BrandMark brand={mark} decorative /> : null}
      <span class="dash-sr">{t('card.ending', { brand: brand ?? '', last4: last4 ?? '' })}</span>
      <span aria-hidden="true" dir="ltr">
        {mark ? '' : `${brand ?? ''} `}
        {last4 ? `•••• ${last4}` : ''}
      </span>
    </span>
  );
}

export interface ConfirmProps {
  id: string;
  title: string;
  /** the confirming button's text */
  confirm: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children?: ComponentChildren;
}

/**
 * A confirmation in the foundation's Modal: the safe choice (Cancel) first, the action second, which
 * shows a spinner while it runs; a refusal of the server is shown inside the dialog, in an alert.
 */
export function Confirm({ id, title, confirm, danger, onConfirm, onClose, children }: ConfirmProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await onConfirm();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <Modal id={id} title={title} onClose={onClose}>
      <form class="dash-form" onSubmit={(e) => void submit(e)} noValidate>
        {children}
        <p class="dash-alert" role="alert">
          {error}
        </p>
        <div class="gh-modal-actions">
          <button type="button" class="dash-btn" onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button
            type="submit"
            class={`dash-btn ${danger ? 'danger' : 'primary'}`}
            aria-disabled={busy ? 'true' : undefined}
            data-confirm=""
          >
            {busy ? <Spinner label={t('working')} /> : null}
            {confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** "Approved" for APPROVED; a status the texts do not know shown as the API names it. */
export function statusLabel(status: string): string {
  const key = `status.${status}`;
  const text = t(key);
  return text === key ? status : text;
}

/**
 * A secret shown once, as text the reader sees whole (not a field that scrolls it out of view): focus
 * selects it, and a Copy button copies it, its result announced.
 */
export function SecretField({ id, label, value }: { id: string; label: string; value: string }) {
  const select = () => {
    const el = document.getElementById(id);
    if (el) window.getSelection()?.selectAllChildren(el);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      announce(t('copied'));
    } catch (err) {
      // no clipboard permission (an insecure origin): select the text for the reader to copy
      select();
      announce(t('copyManually', { reason: err instanceof Error ? err.name : '' }));
    }
  };
  return (
    <div class="gh-field">
      <span class="gh-field-label" id={`${id}-label`}>
        {label}
      </span>
      <div class="dash-copy">
        <code
          id={id}
          class="dash-secret dash-mono"
          role="textbox"
          aria-readonly="true"
          aria-labelledby={`${id}-label`}
          tabIndex={0}
          onFocus={select}
        >
          {value}
        </code>
        <button type="button" class="dash-btn" onClick={() => void copy()}>
          {t('copy')}
        </button>
      </div>
    </div>
  );
}

/** A secret shown once in a dialog (a new key, a first password): the warning, the secret, Done. */
export function ShownOnce(p: {
  id: string;
  title: string;
  warning: string;
  fieldId: string;
  label: string;
  value: string;
  onClose: () => void;
}) {
  return (
    <Modal id={p.id} title={p.title} onClose={p.onClose}>
      <p class="dash-note dash-warn">{p.warning}</p>
      <SecretField id={p.fieldId} label={p.label} value={p.value} />
      <div class="gh-modal-actions">
        <button type="button" class="dash-btn primary" onClick={p.onClose}>
          {t('action.done')}
        </button>
      </div>
    </Modal>
  );
}
