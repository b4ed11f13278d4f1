/**
 * The UI foundation's components on a page of their own, for their Chromium tests
 * (ui-components.e2e.test.ts): `window.show(name)` renders one scenario; what the shopper does is
 * recorded in `window.log`.
 */
import { render } from 'preact';
import { useState } from 'preact/hooks';
import {
  BrandMark,
  CARD_BRANDS,
  ErrorSummary,
  Modal,
  ResultState,
  Skeleton,
  Spinner,
  UI_CSS,
} from '../packages/web-sdk/src/ui/index.js';

const w = window as unknown as { log: string[]; show: (name: string) => void };
w.log = [];

function ModalScenario() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ position: 'relative', minHeight: '240px' }}>
      <button type="button" id="opener" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="#elsewhere">A link behind</a>
      {open ? (
        <Modal
          id="m"
          title="Remove Visa •••• 1390?"
          onClose={() => {
            w.log.push('closed');
            setOpen(false);
          }}
        >
          <div class="gh-modal-actions">
            <button type="button" id="keep" onClick={() => setOpen(false)}>
              Keep
            </button>
            <button type="button" id="remove" onClick={() => (w.log.push('removed'), setOpen(false))}>
              Remove
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

const SCENARIOS: Record<string, () => preact.JSX.Element> = {
  modal: () => <ModalScenario />,
  results: () => (
    <div>
      <ResultState tone="ok" message="Payment approved." final="approved" />
      <ResultState tone="info" message="Your payment is pending." next="Transfer the amount." final="pending" />
      <ResultState tone="bad" message="Your payment was declined." />
      <ResultState tone="info" message="" />
    </div>
  ),
  summary: () => (
    <div>
      <ErrorSummary
        title="Please correct:"
        items={[
          { name: 'ccCardNumber', label: 'Card number' },
          { name: 'cardHolderName', label: 'Name on card' },
        ]}
        onPick={(name) => w.log.push(`pick:${name}`)}
      />
      <div id="empty">
        <ErrorSummary title="Nothing" items={[]} onPick={() => undefined} />
      </div>
    </div>
  ),
  brands: () => (
    <ul aria-label="Accepted cards" style={{ display: 'flex', gap: '6px', listStyle: 'none' }}>
      {CARD_BRANDS.map((b) => (
        <li key={b}>
          <BrandMark brand={b} />
        </li>
      ))}
      <li>
        <BrandMark brand="visa" decorative />
        <span>Visa</span>
      </li>
    </ul>
  ),
  loading: () => (
    <div>
      <Spinner label="Loading payment methods…" />
      <Skeleton height={44} />
    </div>
  ),
};

const style = document.createElement('style');
style.textContent = UI_CSS;
document.head.append(style);
w.show = (name) => {
  const root = document.getElementById('root')!;
  render(null, root);
  render(SCENARIOS[name]!(), root);
};
