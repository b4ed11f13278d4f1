import type { FieldState } from '@gatehouse/protocol';
import { render } from 'preact';
import type { HostedField, HostedFields } from '../fields.js';
import { formatMoney } from '../ui/money.js';
import { makeTranslator, type Translate } from './texts.js';
import type { CheckoutOptions } from './options.js';
import { type DccChoice, paymentEventPayload, selectPaymentMethodPayload, userDataPayload } from './payloads.js';
import type { CheckoutInstance, MountEnv } from './stub.js';
import { installStyles } from '../ui/screen.styles.js';
import { FrameSlots, type SlotWant } from '../ui/frame-slots.js';
import { type FlowEvent, INITIAL, isBusy, transition } from '../ui/payment-flow.machine.js';
import { frameStyleOf } from '../ui/theme.js';
import { callMerchant } from '../ui/callbacks.js';
import { CARD, type CardPart, type Obj, phaseOf, type Selection, type State } from './model.js';
import { invalidFields, selectedUpo } from './form-rules.js';
import { lookUpBrands, maybeQuoteDcc } from './card-extras.js';
import { checkoutApi } from './api.js';
import { loadMethods } from './load.js';
import { CheckoutView } from './views/CheckoutView.js';
import { formValidatedPayload } from './payloads.js';
import type { Checkout } from './host.js';

/**
 * The hosted checkout form on the merchant page: this controller keeps its state (the payment flow
 * through the foundation's state machine, docs/decisions/0424), talks to the SDK and the hosted card
 * fields, and renders the views of `views/` with Preact into `renderTo` (docs/decisions/0430). Card
 * data is typed only in Gatehouse's hosted field frames (number, expiry, CVV; a saved card's CVV too):
 * this code sees their states, never their values. Payments go through the SDK's own createPayment
 * (3-D Secure modal, APM windows), so a checkout payment is any other client payment for the server.
 */

type Fn = (...args: unknown[]) => unknown;

export class CheckoutController implements Checkout {
  readonly o: CheckoutOptions;
  readonly t: Translate;
  readonly root: HTMLElement;
  readonly sdk: ReturnType<MountEnv['createSdk']>;
  readonly cb: CheckoutOptions['callbacks'];
  readonly card: HostedFields;
  readonly fields: Partial<Record<'number' | 'exp' | 'cvc', HostedField>>;
  readonly upoCvvGroup: HostedFields;
  readonly upoCvv: HostedField;
  readonly frames = new FrameSlots(() => this.frameWants());
  /** removes the frames created before their slots were shown that no slot took (parkFrames) */
  private readonly unpark: () => void;
  readonly states: Partial<Record<CardPart, FieldState>> = {};
  readonly history: Obj[] = [];
  lastValidated = '';
  dccFor = '';
  /** counts card-number lookups for useDualBrand, so that only the latest answer is used */
  brandLookup = 0;
  pasted = false;
  destroyed = false;
  s: State;

  constructor(
    options: CheckoutOptions,
    readonly env: MountEnv,
    container: Element,
  ) {
    // normalised by websdk.js, which has validated them (the option rules are not downloaded twice)
    this.o = options;
    this.cb = this.o.callbacks;
    this.t = makeTranslator(env.texts, this.o.i18n);
    // made by websdk.js at the call, the card frames already loading (card-frames.ts, docs/decisions/0454)
    const early = env.cardFrames;
    this.sdk = early.sdk;
    early.onPaymentEvent((e: unknown) => {
      const type = (e as { type?: unknown } | null)?.type;
      if (type === 'challengeOpened') this.go({ type: 'challenge' });
      else if (type === 'challengeCompleted' || type === 'challengeCancelled') this.go({ type: 'challengeDone' });
      // the checkout reports a payment's start and result itself (with its method): not twice
      if (type === 'paymentStarted' || type === 'paymentResult') return;
      this.call('onPaymentEvent', e);
    });
    const t = this.t;
    const frame = {
      labels: {
        ccNumber: t('cardNumber'),
        ccExpiration: t('expiry'),
        ccCvc: t('cvv'),
        cardHolderName: t('cardHolder'),
      },
      lang: this.o.locale,
      dir: this.o.textDirection,
      maskCvv: this.o.maskCvv,
      cardWhitelist: this.o.cardWhitelist,
    };
    // the frames' inputs look like the form's own, with the merchant's tokens (an allow-listed style,
    // docs/decisions/0400, 0431)
    const style = frameStyleOf(this.o.theme, this.o.appearance);
    this.card = early.card;
    this.fields = early.fields;
    for (const part of ['number', 'exp', 'cvc'] as const) {
      const f = early.fields[part];
      f.on('ready', () => this.frameReady(f));
      f.on('change', (st) => this.frameChange(part, st as FieldState));
    }
    this.upoCvvGroup = this.sdk.fields({ frame, style, placeholders: { ccCvc: 'CVV' } });
    this.upoCvv = this.upoCvvGroup.create('ccCvc');
    this.upoCvv.on('ready', () => this.frameReady(this.upoCvv));
    this.upoCvv.on('change', (st) => this.frameChange('upoCvc', st as FieldState));

    const root = document.createElement('div');
    // a dialog of the screen leaves the merchant's page alone (Modal)
    root.setAttribute('data-gh-modal-scope', '');
    // the parked card frames stay where they are, beside the form (taking them out of the page would
    // reload them), and its slots take them loaded (0453)
    for (const child of [...container.childNodes]) if (child !== early.holder) child.remove();
    container.prepend(root);
    this.root = root;
    this.unpark = early.unpark;
    installStyles(env.styleNonce);
    this.s = {
      flow: INITIAL,
      phase: 'loading',
      methods: [],
      upos: [],
      showAll: this.o.paymentTiles !== 'showMore',
      name: this.o.fullName ?? '',
      nationalId: '',
      promo: '',
      apmValues: {},
      save: this.o.savePM === 'force',
      installment: '',
      dccAccepted: this.o.useDCC === 'force',
      amount: this.o.amount,
      amountText: this.o.amount,
      showErrors: false,
      overlay: false,
      framesReady: false,
      loadedFrames: [],
      withdrawals: [],
    };
    this.update({});
    // the card frames that have loaded meanwhile count as ready from here
    this.card.configure({ frame, style, placeholders: { ccCvc: 'CVV', ccExpiration: t('expiryPlaceholder') } });
  }

  // ----------------------------------------------------------------------------------------------
  // Life cycle

  /** Loads the methods and saved methods (load.ts); the form is interactive once they are there. */
  load(): Promise<void> {
    return loadMethods(this);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.unpark();
    this.card.destroy();
    this.upoCvvGroup.destroy();
    render(null, this.root);
    this.root.remove();
  }

  api(): CheckoutInstance {
    return checkoutApi(this);
  }

  // ----------------------------------------------------------------------------------------------
  // State and rendering

  /**
   * Moves the payment flow by `event` (with `patch` for the rest of the state); false, and nothing
   * changed, when the machine refuses the event in the current state.
   */
  go(event: FlowEvent, patch: Partial<State> = {}): boolean {
    const next = transition(this.s.flow, event);
    if (!next) return false;
    this.update({ ...patch, flow: next, phase: phaseOf(next) });
    return true;
  }

  update(patch: Partial<State>): void {
    if (this.destroyed) return;
    this.s = { ...this.s, ...patch };
    render(<CheckoutView c={this} />, this.root);
    this.syncFrames();
  }

  call(name: keyof CheckoutOptions['callbacks'], ...args: unknown[]): unknown {
    return callMerchant('checkout', name, this.cb[name] as Fn | undefined, this.o.logLevel, args);
  }

  event(type: string, details: Obj = {}): void {
    this.call('onPaymentEvent', paymentEventPayload(type, details));
  }

  /** The hosted fields the form may show, each with its slot (a HostedFieldSlot) and its name. */
  private frameWants(): SlotWant[] {
    const t = this.t;
    return [
      { field: this.fields.number!, slot: 'ccNumber', title: t('cardNumber') },
      { field: this.fields.exp!, slot: 'ccExpiration', title: t('expiry') },
      { field: this.fields.cvc!, slot: 'ccCvc', title: t('cvv') },
      { field: this.upoCvv, slot: 'upoCvc', title: t('cvv') },
    ];
  }

  /** Attaches each hosted field to its slot when the form shows one, and only then. */
  private syncFrames(): void {
    const loaded = this.frames.sync(this.root, this.s.loadedFrames);
    if (loaded) this.update({ loadedFrames: loaded });
  }

  private frameReady(f: HostedField): void {
    const loaded = this.frames.frameReady(f, this.s.loadedFrames);
    if (loaded) this.update({ loadedFrames: loaded });
    this.checkReady();
  }

  /** onReady once: the data is loaded and every frame the form shows has loaded. */
  checkReady(): void {
    if (!this.frames.readyOnce(this.s.flow.name !== 'loading')) return;
    this.unpark();
    this.update({ framesReady: true });
    this.event('formReady');
    this.call('onReady', { loaded: true });
  }

  private frameChange(part: CardPart, st: FieldState): void {
    const before = this.states[part];
    this.states[part] = st;
    const word = (x?: FieldState) =>
      !x ? 'empty' : x.empty ? 'empty' : x.complete ? 'complete' : x.invalid ? 'invalid' : 'incomplete';
    if (word(before) !== word(st)) {
      const key = part === 'number' ? 'cardNumber' : part === 'exp' ? 'expiry' : 'cvv';
      this.call(
        'onPaymentFormChange',
        this.currentMethod(),
        this.t(key),
        'change',
        word(before),
        word(st),
        !st.invalid,
        false,
      );
    }
    if (part === 'number') {
      void maybeQuoteDcc(this);
      if (word(before) !== word(st) || before?.brand !== st.brand) void lookUpBrands(this, st);
    }
    this.update({});
    this.validated();
  }

  // ----------------------------------------------------------------------------------------------
  // What is selected, and what the shopper does

  currentMethod(): string {
    const sel = this.s.selected;
    if (!sel) return '';
    return sel.kind === 'upo' ? (this.s.upos.find((u) => u.id === sel.id)?.method ?? '') : sel.id;
  }

  validated(): void {
    const payload = formValidatedPayload(invalidFields(this));
    const key = JSON.stringify(payload);
    if (key === this.lastValidated) return;
    this.lastValidated = key;
    this.call('onFormValidated', payload);
  }

  money(amount: string | number, currency = this.o.currency): string {
    return formatMoney(amount, currency, this.o.locale);
  }

  select(sel: Selection): void {
    if (isBusy(this.s.flow) || this.s.flow.name === 'final') return;
    this.update({
      selected: sel,
      showErrors: false,
      status: undefined,
      recovery: undefined,
      save: this.o.savePM === 'force',
    });
    this.announceSelection(sel);
    this.validated();
  }

  announceSelection(sel: Selection): void {
    const method = this.currentMethod();
    const label =
      sel.kind === 'upo'
        ? this.s.upos.find((u) => u.id === sel.id)?.label
        : this.s.methods.find((m) => m.id === sel.id)?.label;
    this.event('paymentMethodSelected', { paymentMethod: method });
    this.call(
      'onSelectPaymentMethod',
      selectPaymentMethodPayload(method, sel.kind === 'upo' ? sel.id : undefined, label),
    );
  }

  typed(key: 'name' | 'nationalId' | 'promo', label: string, value: string): void {
    const old = this.s[key];
    this.update({ [key]: value } as Partial<State>);
    this.call('onPaymentFormChange', this.currentMethod(), label, 'input', old, value, true, this.pasted);
    this.pasted = false;
    this.validated();
  }

  userData(): void {
    const method = this.currentMethod();
    const email = method && method !== CARD ? this.s.apmValues[method]?.email : undefined;
    this.call(
      'userData',
      userDataPayload({ cardHolderName: this.s.name, ...(email ? { email } : {}), nationalId: this.s.nationalId }),
    );
  }

  /**
   * What a payment now charges, as the form shows it: the order's amount, or with an accepted DCC offer
   * the converted charge (the headline and the pay button show the same, docs/decisions/0420).
   */
  charge(): { amount: string; currency: string; dcc?: DccChoice } {
    const d = this.s.dcc;
    if (d && this.s.dccAccepted && this.currentMethod() === CARD && !selectedUpo(this))
      return { amount: d.chargedAmount, currency: d.chargedCurrency, dcc: d };
    return { amount: this.s.amount, currency: this.o.currency };
  }
}

/** The checkout bundle's entry: registers `mount` for the websdk.js stub. */
export async function mount(options: CheckoutOptions, env: MountEnv): Promise<CheckoutInstance> {
  const container = document.querySelector(options.renderTo);
  if (!container) throw new Error('renderTo matches no element');
  const c = new CheckoutController(options, env, container);
  void c
    .load()
    .catch(() => c.go({ type: 'show', outcome: 'refresh' }, { status: { tone: 'bad', text: c.t('refresh') } }));
  return c.api();
}
