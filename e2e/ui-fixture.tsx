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
  MethodList,
  SavedMethodList,
  HostedFieldSlot,
  themeStyle,
  DataTable,
  DATA_TABLE_CSS,
  FormField,
  FORM_FIELD_CSS,
  fieldDescribedBy,
} from '../packages/web-sdk/src/ui/index.js';
import { CSS as CHECKOUT_CSS } from '../packages/web-sdk/src/ui/screen.styles.js';

const w = window as unknown as { log: string[]; show: (name: string) => void };
w.log = [];

function ModalScenario() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ position: 'relative', minHeight: '240px' }}>
      <button type="button" id="opener" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="#elsewhere" id="behind-link">
        A link behind
      </a>
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

const METHODS = [
  { id: 'cc_card', label: 'Credit or debit card' },
  { id: 'apmgw_BankTransfer', label: 'Bank transfer' },
  { id: 'apmgw_DirectDebit', label: 'SEPA Direct Debit' },
];

function MethodsScenario({ variant }: { variant: 'tiles' | 'accordion' }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  return (
    <div class="ghc gh-theme">
      <MethodList
        methods={METHODS}
        selected={selected}
        variant={variant}
        label="Payment method"
        onSelect={(id) => (w.log.push(`select:${id}`), setSelected(id))}
        panel={(m) => <p id={`panel-${m.id}`}>Form of {m.label}</p>}
        more={{ label: 'Show more', onShow: () => w.log.push('more') }}
      />
    </div>
  );
}

function SavedScenario() {
  const [list, setList] = useState([
    { id: '1', label: 'Visa •••• 1390', expires: '09/31' },
    { id: '2', label: 'Mastercard •••• 4444' },
  ]);
  const [selected, setSelected] = useState('1');
  return (
    <div class="ghc gh-theme" style={{ position: 'relative', minHeight: '260px' }}>
      <h3 id="empty-focus" tabIndex={-1}>
        Payment method
      </h3>
      <SavedMethodList
        methods={list}
        selected={selected}
        texts={{
          heading: 'Saved payment methods',
          expires: (d) => `expires ${d}`,
          remove: (l) => `Remove ${l}`,
          confirm: (l) => `Remove ${l} from your saved payment methods?`,
          keep: 'Keep',
          confirmRemove: 'Remove',
        }}
        onSelect={(id) => (w.log.push(`select:${id}`), setSelected(id))}
        onDelete={async (id) => {
          w.log.push(`delete:${id}`);
          setList((l) => l.filter((m) => m.id !== id));
        }}
        emptyFocusId="empty-focus"
      />
    </div>
  );
}

function SlotScenario() {
  const [loaded, setLoaded] = useState(false);
  const [invalid, setInvalid] = useState(false);
  (w as unknown as Record<string, unknown>).slot = { load: () => setLoaded(true), fail: () => setInvalid(true) };
  return (
    <div class="ghc gh-theme">
      <HostedFieldSlot
        slot="ccNumber"
        label="Card number"
        loaded={loaded}
        invalid={invalid}
        error={invalid ? 'The card number is not valid' : ''}
      />
    </div>
  );
}

const COLUMNS = [
  { key: 'id', label: 'Payment', render: (r: { id: string; amount: string }) => r.id },
  { key: 'amount', label: 'Amount', numeric: true, render: (r: { id: string; amount: string }) => r.amount },
];
const ROWS = [
  { id: 'p1', amount: '€12.00' },
  { id: 'p2', amount: '€7.50' },
];

const SCENARIOS: Record<string, () => preact.JSX.Element> = {
  'methods-tiles': () => <MethodsScenario variant="tiles" />,
  'methods-accordion': () => <MethodsScenario variant="accordion" />,
  saved: () => <SavedScenario />,
  slot: () => <SlotScenario />,
  theme: () => (
    <div>
      <div id="plain" class="ghc gh-theme">
        <button type="button" class="ghc-pay">
          Pay
        </button>
      </div>
      <div
        id="themed"
        class="ghc gh-theme"
        style={themeStyle('horizontal', {
          variables: { colorPrimary: '#0a7d38', borderRadius: '2px', fontFamily: 'serif' },
        })}
      >
        <button type="button" class="ghc-pay">
          Pay
        </button>
        <button type="button" class="ghc-method">
          Card
        </button>
      </div>
    </div>
  ),
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
  table: () => (
    <DataTable
      label="Payments"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-id': r.id })}
    />
  ),
  'table-loading': () => <DataTable label="Payments" columns={COLUMNS} rows={null} rowKey={(r) => r.id} />,
  'table-empty': () => (
    <DataTable label="Payments" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="No payment yet." />
  ),
  field: () => (
    <FormField id="amount" label="Amount" hint="At most 40.00." error="Enter an amount.">
      <input id="amount" aria-invalid="true" aria-describedby={fieldDescribedBy('amount', 'hint', 'error')} />
    </FormField>
  ),
  loading: () => (
    <div>
      <Spinner label="Loading payment methods…" />
      <Skeleton height={44} />
    </div>
  ),
};

const style = document.createElement('style');
style.textContent = CHECKOUT_CSS + UI_CSS + DATA_TABLE_CSS + FORM_FIELD_CSS;
document.head.append(style);
w.show = (name) => {
  const root = document.getElementById('root')!;
  render(null, root);
  render(SCENARIOS[name]!(), root);
};
