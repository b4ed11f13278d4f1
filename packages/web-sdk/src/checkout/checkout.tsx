import type { FieldState } from '@gatehouse/protocol';
import { render } from 'preact';
import type { HostedField, HostedFields } from '../fields.js';
import { sdkError } from '../rules.js';
import { declineText, formatAmount, type Translate, translator } from './i18n.js';
import type { CheckoutOptions } from './options.js';
import { INSTALLMENT_COUNTRIES } from './installments.js';
import {
  brandChoiceOf,
  declineEntry,
  type DccChoice,
  formValidatedPayload,
  paymentEventPayload,
  prePaymentPayload,
  type RecoveryOverride,
  recoveryOf,
  resultPayload,
  selectedBrandMember,
  selectPaymentMethodPayload,
  suggestedAmountPayload,
  upoDeletedPayload,
  userDataPayload,
} from './payloads.js';
import type { CheckoutEnv, CheckoutInstance } from './stub.js';
import { installStyles } from './styles.js';
import { canPay, type FlowEvent, type FlowState, INITIAL, isBusy, transition } from '../ui/payment-flow.machine.js';
import { aroundAmount } from '../ui/money.js';
import { Modal } from '../ui/components/Modal/Modal.js';
import { ResultState } from '../ui/components/ResultState/ResultState.js';
import { Spinner } from '../ui/components/Spinner/Spinner.js';
import { ErrorSummary } from '../ui/components/ErrorSummary/ErrorSummary.js';
import { BrandMark } from '../ui/components/BrandMark/BrandMark.js';
import { acceptedBrands, type CardBrand, CARD_BRANDS } from '../ui/components/BrandMark/brands.js';

/**
 * The hosted checkout form (docs/checkout.md) on the merchant page, rendered with Preact into `renderTo`.
 * Card data is typed only in Gatehouse's hosted field frames (number, expiry, CVV; a saved card's
 * CVV too): this code sees their states, never their values. Payments go through the SDK's own
 * createPayment (3-D Secure modal, APM windows), so a checkout payment is any other client payment
 * for the server: the order's DMN and webhook go out as usual.
 */

type Obj = Record<string, unknown>;
type Fn = (...args: unknown[]) => unknown;

interface ApmFieldSpec {
  name: string;
  regex?: string;
  type?: string;
  caption?: Array<{ language: string; message: string }>;
  validationMessage?: Array<{ language: string; message: string }>;
}
interface Method {
  id: string;
  label: string;
  logoURL?: string;
  fields: ApmFieldSpec[];
}
interface Upo {
  id: string;
  method: string;
  label: string;
  expires?: string;
  isCard: boolean;
}
type Selection = { kind: 'method'; id: string } | { kind: 'upo'; id: string };
type Phase = 'loading' | 'ready' | 'paying' | 'approved' | 'pending' | 'declined' | 'error' | 'refresh';
/** A phase after which no second payment may start: the form is replaced by its result. */
const FINAL: ReadonlySet<Phase> = new Set(['approved', 'pending', 'refresh']);

/** The view's name for a state of the payment flow (the `data-phase` of the form). */
function phaseOf(flow: FlowState): Phase {
  switch (flow.name) {
    case 'loading':
      return 'loading';
    case 'idle':
      return flow.last === 'declined' ? 'declined' : flow.last === 'error' ? 'error' : 'ready';
    case 'final':
      return flow.outcome;
    default:
      return 'paying';
  }
}

interface State {
  /** the payment flow (docs/decisions/0424): changed only through `go`, which the machine may refuse */
  flow: FlowState;
  /** its view name, kept with it */
  phase: Phase;
  methods: Method[];
  upos: Upo[];
  selected?: Selection;
  showAll: boolean;
  name: string;
  nationalId: string;
  promo: string;
  apmValues: Record<string, Record<string, string>>;
  save: boolean;
  installment: string;
  dcc?: DccChoice & { full: boolean };
  dccAccepted: boolean;
  /** useDualBrand: the brands of a co-badged card typed in the number frame (primary first), and the choice */
  brands?: string[];
  selectedBrand?: string;
  amount: string;
  amountText: string;
  showErrors: boolean;
  status?: { tone: 'ok' | 'bad' | 'info'; text: string };
  /** after PENDING: what happens next (a bank transfer's own instructions) */
  next?: string;
  recovery?: RecoveryOverride;
  overlay: boolean;
  /** a saved method whose removal the shopper is asked to confirm */
  confirmDelete?: string;
  /** every frame the form shows has loaded (until then: skeletons, and no pay button) */
  framesReady: boolean;
}

const CARD = 'cc_card';
const PART_FIELDS = { number: 'ccCardNumber', exp: 'ccExpDate', cvc: 'ccCvc' } as const;

const decimalOf = (v: string) => v.replace(',', '.').trim();
const upoLabelOf = (u: Obj): Upo => {
  const details = (u.upoData ?? {}) as Obj;
  const method = String(u.paymentMethodName ?? u.paymentMethod ?? CARD);
  const isCard = method === CARD || details.ccCardNumber !== undefined;
  const masked = String(details.ccCardNumber ?? '');
  const brand = String(details.brand ?? '');
  const month = String(details.ccExpMonth ?? '');
  const year = String(details.ccExpYear ?? '');
  const data = Object.values(details).filter((v) => typeof v === 'string' && v.includes('*'));
  return {
    id: String(u.userPaymentOptionId),
    method: isCard ? CARD : method,
    isCard,
    label: isCard
      ? `${brand ? `${brand[0]!.toUpperCase()}${brand.slice(1)} ` : ''}•••• ${masked.slice(-4)}`
      : `${method.replace(/^apmgw_/, '')} ${String(data[0] ?? '')}`.trim(),
    ...(isCard && month && year ? { expires: `${month.padStart(2, '0')}/${year.slice(-2)}` } : {}),
  };
};

const captionOf = (list: ApmFieldSpec['caption'], locale: string, fallback: string) =>
  list?.find((c) => c.language === locale)?.message ?? list?.find((c) => c.language === 'en')?.message ?? fallback;

export class Checkout {
  readonly o: CheckoutOptions;
  private readonly t: Translate;
  private readonly root: HTMLElement;
  private readonly sdk: ReturnType<CheckoutEnv['createSdk']>;
  private readonly cb: CheckoutOptions['callbacks'];
  private card: HostedFields;
  private fields: Partial<Record<'number' | 'exp' | 'cvc', HostedField>> = {};
  private upoCvvGroup: HostedFields;
  private upoCvv: HostedField;
  private attached = new Map<HostedField, HTMLElement>();
  private ready = new Set<HostedField>();
  private states: Partial<Record<'number' | 'exp' | 'cvc' | 'upoCvc', FieldState>> = {};
  private history: Obj[] = [];
  private lastValidated = '';
  private readyFired = false;
  private dccFor = '';
  /** counts card-number lookups for useDualBrand, so that only the latest answer is used */
  private brandLookup = 0;
  private pasted = false;
  private destroyed = false;
  s: State;

  constructor(
    options: CheckoutOptions,
    private readonly env: CheckoutEnv,
    container: Element,
  ) {
    // normalised by websdk.js, which has validated them (the option rules are not downloaded twice)
    this.o = options;
    this.cb = this.o.callbacks;
    this.t = translator(this.o.locale, this.o.i18n);
    this.sdk = env.createSdk({
      sessionToken: this.o.sessionToken,
      merchantId: this.o.merchantId,
      merchantSiteId: this.o.merchantSiteId,
      env: this.o.env,
      logLevel: this.o.logLevel,
      support19Digits: this.o.support19Digits,
      strictCardBlocking: this.o.strictCardBlocking,
      blockCards: this.o.blockCards,
      locale: this.o.locale,
      onPaymentEvent: (e: unknown) => {
        const type = (e as { type?: unknown } | null)?.type;
        if (type === 'challengeOpened') this.go({ type: 'challenge' });
        else if (type === 'challengeCompleted' || type === 'challengeCancelled') this.go({ type: 'challengeDone' });
        // the checkout reports a payment's start and result itself (with its method): not twice
        if (type === 'paymentStarted' || type === 'paymentResult') return;
        this.call('onPaymentEvent', e);
      },
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
    // the frames' inputs look like the form's own (an allow-listed style, docs/decisions/0400)
    const style = {
      base: { borderColor: '#8a96a3', borderRadius: '6px', color: '#1f2933' },
      invalid: { borderColor: '#b42318' },
    };
    this.card = this.sdk.fields({ frame, style, placeholders: { ccCvc: 'CVV', ccExpiration: t('expiryPlaceholder') } });
    for (const [part, type] of [
      ['number', 'ccNumber'],
      ['exp', 'ccExpiration'],
      ['cvc', 'ccCvc'],
    ] as const) {
      const f = this.card.create(type);
      this.fields[part] = f;
      f.on('ready', () => this.frameReady(f));
      f.on('change', (st) => this.frameChange(part, st as FieldState));
    }
    this.upoCvvGroup = this.sdk.fields({ frame, style, placeholders: { ccCvc: 'CVV' } });
    this.upoCvv = this.upoCvvGroup.create('ccCvc');
    this.upoCvv.on('ready', () => this.frameReady(this.upoCvv));
    this.upoCvv.on('change', (st) => this.frameChange('upoCvc', st as FieldState));

    const root = document.createElement('div');
    container.replaceChildren(root);
    this.root = root;
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
    };
    this.update({});
  }

  // ----------------------------------------------------------------------------------------------
  // Life cycle

  async load(): Promise<void> {
    const o = this.o;
    const [apms, upos] = await Promise.all([
      this.env.transport('getApms', {
        sessionToken: o.sessionToken,
        currencyCode: o.currency,
        countryCode: o.country,
        languageCode: o.locale,
      }),
      this.env.transport('getUserUPOs', { sessionToken: o.sessionToken }),
    ]);
    if (this.destroyed) return;
    const allowed = (id: string) => !o.pmWhitelist || o.pmWhitelist.includes(id);
    const methods: Method[] = [];
    if (allowed(CARD)) methods.push({ id: CARD, label: this.t(CARD), fields: [] });
    for (const m of (apms.paymentMethods as Obj[] | undefined) ?? []) {
      const id = String(m.paymentMethod);
      if (!allowed(id)) continue;
      const names = (m.paymentMethodDisplayName as Array<{ language: string; message: string }>) ?? [];
      methods.push({
        id,
        label: captionOf(names, o.locale, id.replace(/^apmgw_/, '')),
        ...(typeof m.logoURL === 'string' ? { logoURL: new URL(m.logoURL, this.env.gatewayOrigin).toString() } : {}),
        fields: (m.fields as ApmFieldSpec[]) ?? [],
      });
    }
    const ids = new Set(methods.map((m) => m.id));
    const list = ((upos.paymentMethods as Obj[] | undefined) ?? []).map(upoLabelOf).filter((u) => ids.has(u.method));
    let selected: Selection | undefined;
    if (o.selectUpo && list.length > 0) {
      const u = o.selectUpo === 'first' ? list[0] : list.find((x) => x.id === o.selectUpo);
      if (u) selected = { kind: 'upo', id: u.id };
    }
    if (!selected && o.selectPM && o.selectPM !== 'none') {
      const m = o.selectPM === 'first' ? methods[0] : methods.find((x) => x.id === o.selectPM);
      if (m) selected = { kind: 'method', id: m.id };
    }
    if (!selected && o.selectPM !== 'none' && methods.length === 1 && list.length === 0)
      selected = { kind: 'method', id: methods[0]!.id };
    const apmValues: State['apmValues'] = {};
    for (const m of methods) {
      apmValues[m.id] = {};
      for (const f of m.fields) {
        const pre = o.prepopulateApmFields[f.name] ?? (f.name === 'email' ? (o.email ?? '') : '');
        apmValues[m.id]![f.name] = pre;
      }
    }
    this.go({ type: 'loaded' }, { methods, upos: list, apmValues, ...(selected ? { selected } : {}) });
    if (selected) this.announceSelection(selected);
    this.checkReady();
    if (!o.preventScrollOnInt && selected?.kind === 'method' && selected.id === CARD) this.fields.number?.focus();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.card.destroy();
    this.upoCvvGroup.destroy();
    render(null, this.root);
    this.root.remove();
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
    render(this.view(), this.root);
    this.syncFrames();
  }

  private call(name: keyof CheckoutOptions['callbacks'], ...args: unknown[]): unknown {
    const f = this.cb[name] as Fn | undefined;
    if (!f) return undefined;
    try {
      return f(...args);
    } catch (err) {
      if (this.o.logLevel > 0) console.error(`gatehouse checkout: ${name} failed`, err);
      return undefined;
    }
  }

  private event(type: string, details: Obj = {}): void {
    this.call('onPaymentEvent', paymentEventPayload(type, details));
  }

  /** Attaches each hosted field to its placeholder element when the form shows one (and only then). */
  private syncFrames(): void {
    const want: Array<[HostedField, HTMLElement | null]> = [
      [this.fields.number!, this.root.querySelector<HTMLElement>('[data-ghc-frame=ccNumber]')],
      [this.fields.exp!, this.root.querySelector<HTMLElement>('[data-ghc-frame=ccExpiration]')],
      [this.fields.cvc!, this.root.querySelector<HTMLElement>('[data-ghc-frame=ccCvc]')],
      [this.upoCvv, this.root.querySelector<HTMLElement>('[data-ghc-frame=upoCvc]')],
    ];
    for (const [field, el] of want) {
      const at = this.attached.get(field);
      if (el && at !== el) {
        field.attach(el);
        // the frame's accessible name in the shopper's language
        const frame = el.querySelector('iframe');
        if (frame)
          frame.title = this.t(
            field.type === 'ccNumber' ? 'cardNumber' : field.type === 'ccExpiration' ? 'expiry' : 'cvv',
          );
        this.attached.set(field, el);
        this.ready.delete(field);
      } else if (!el && at) {
        field.detach();
        this.attached.delete(field);
        this.ready.delete(field);
      }
    }
  }

  private frameReady(f: HostedField): void {
    this.ready.add(f);
    this.attached.get(f)?.setAttribute('data-ready', '');
    this.checkReady();
  }

  /** onReady once: the data is loaded and every frame the form shows has loaded. */
  private checkReady(): void {
    if (this.readyFired || this.s.flow.name === 'loading') return;
    for (const f of this.attached.keys()) if (!this.ready.has(f)) return;
    this.readyFired = true;
    this.update({ framesReady: true });
    this.event('formReady');
    this.call('onReady', { loaded: true });
  }

  private frameChange(part: 'number' | 'exp' | 'cvc' | 'upoCvc', st: FieldState): void {
    const before = this.states[part];
    this.states[part] = st;
    const word = (x?: FieldState) =>
      !x ? 'empty' : x.empty ? 'empty' : x.complete ? 'complete' : x.invalid ? 'invalid' : 'incomplete';
    if (word(before) !== word(st)) {
      const label =
        part === 'upoCvc'
          ? this.t('cvv')
          : this.t(part === 'number' ? 'cardNumber' : part === 'exp' ? 'expiry' : 'cvv');
      this.call(
        'onPaymentFormChange',
        this.currentMethod(),
        label,
        'change',
        word(before),
        word(st),
        !st.invalid,
        false,
      );
    }
    if (part === 'number') {
      void this.maybeQuoteDcc();
      if (word(before) !== word(st) || before?.brand !== st.brand) void this.lookUpBrands(st);
    }
    this.update({});
    this.validated();
  }

  // ----------------------------------------------------------------------------------------------
  // What is selected, and what it needs

  currentMethod(): string {
    const sel = this.s.selected;
    if (!sel) return '';
    return sel.kind === 'upo' ? (this.s.upos.find((u) => u.id === sel.id)?.method ?? '') : sel.id;
  }

  private selectedUpo(): Upo | undefined {
    const sel = this.s.selected;
    return sel?.kind === 'upo' ? this.s.upos.find((u) => u.id === sel.id) : undefined;
  }

  /** savePM for the selected method: apmConfig, then the general option; upoRestriction wins. */
  savePmMode(): 'true' | 'force' | 'false' | 'always' {
    const method = this.currentMethod();
    if (!method || this.s.selected?.kind === 'upo') return 'false';
    const r = this.o.upoRestriction;
    if (r) {
      const cards = this.s.upos.filter((u) => u.isCard).length;
      const apms = this.s.upos.filter((u) => !u.isCard);
      if (method === CARD && r.maxCards !== undefined && cards >= r.maxCards) return 'false';
      if (method !== CARD && r.maxApmUpos !== undefined && apms.length >= r.maxApmUpos) return 'false';
      if (method !== CARD && r.onePerApm && apms.some((u) => u.method === method)) return 'false';
    }
    const own = this.o.apmConfig[method]?.savePM;
    if (own === 'false' || own === 'always') return own;
    if (own === 'true') return this.o.savePM === 'force' ? 'force' : 'true';
    return this.o.savePM;
  }

  private savePmValue(): boolean {
    const mode = this.savePmMode();
    return mode === 'always' || ((mode === 'true' || mode === 'force') && this.s.save);
  }

  private upoNeedsCvv(): boolean {
    const u = this.selectedUpo();
    return !!u && u.isCard && this.o.alwaysCollectCvv !== 'never';
  }

  installmentsOffered(): boolean {
    return (
      !!this.o.cardInstallments &&
      (INSTALLMENT_COUNTRIES as readonly string[]).includes(this.o.country) &&
      this.currentMethod() === CARD
    );
  }

  private installmentChoice(): { type: 'singlePayment' | 'type1' | 'type2' | 'type3'; months?: number } | undefined {
    if (!this.installmentsOffered() || !this.s.installment) return undefined;
    const [type, months] = this.s.installment.split(':');
    return {
      type: type as 'singlePayment',
      ...(months ? { months: Number(months) } : {}),
    };
  }

  /** The names of the invalid fields of the selected method (with the shopper's entries so far). */
  invalidFields(): string[] {
    const out: string[] = [];
    const method = this.currentMethod();
    if (!method) return ['paymentMethod'];
    const okState = (st?: FieldState, optional = false) => (st ? st.complete || (optional && st.empty) : false);
    if (this.s.selected?.kind === 'upo') {
      if (this.upoNeedsCvv() && !okState(this.states.upoCvc, this.o.alwaysCollectCvv === 'optional')) out.push('ccCvc');
    } else if (method === CARD) {
      if (!okState(this.states.number)) out.push(PART_FIELDS.number);
      if (!okState(this.states.exp)) out.push(PART_FIELDS.exp);
      if (!okState(this.states.cvc, this.o.alwaysCollectCvv === 'optional')) out.push(PART_FIELDS.cvc);
      if (this.nameProblem()) out.push('cardHolderName');
      if (this.installmentsOffered()) {
        if (!this.s.installment) out.push('installments');
        if (this.o.cardInstallments?.nationalId !== undefined && !this.s.nationalId.trim()) out.push('nationalId');
      }
    } else {
      const m = this.s.methods.find((x) => x.id === method);
      for (const f of m?.fields ?? []) if (this.apmFieldProblem(method, f)) out.push(f.name);
    }
    if (this.o.openAmount && this.amountProblem(this.s.amountText)) out.push('amount');
    return out;
  }

  private nameProblem(): string | undefined {
    const name = this.s.name.trim();
    if (!name) return this.t('required');
    if (this.o.asciiValidation && !/^[\x20-\x7E]+$/.test(name)) return this.t('asciiOnly');
    return undefined;
  }

  private apmFieldProblem(method: string, f: ApmFieldSpec): string | undefined {
    const v = (this.s.apmValues[method]?.[f.name] ?? '').trim();
    if (!v) return this.t('required');
    if (f.regex) {
      try {
        if (!new RegExp(f.regex).test(v)) return captionOf(f.validationMessage, this.o.locale, this.t('invalid'));
      } catch {
        return undefined;
      }
    }
    return undefined;
  }

  private amountProblem(text: string): string | undefined {
    const bounds = this.o.openAmount;
    const v = decimalOf(text);
    if (!/^\d{1,9}(\.\d{1,3})?$/.test(v)) return this.t('invalid');
    if (bounds && (Number(v) < bounds.min || Number(v) > bounds.max))
      return this.t('amountRange', { min: this.money(bounds.min), max: this.money(bounds.max) });
    return undefined;
  }

  private validated(): void {
    const payload = formValidatedPayload(this.invalidFields());
    const key = JSON.stringify(payload);
    if (key === this.lastValidated) return;
    this.lastValidated = key;
    this.call('onFormValidated', payload);
  }

  private money(amount: string | number, currency = this.o.currency): string {
    return formatAmount(amount, currency, this.o.locale);
  }

  // ----------------------------------------------------------------------------------------------
  // Shopper actions

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

  private announceSelection(sel: Selection): void {
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

  private typed(key: 'name' | 'nationalId' | 'promo', label: string, value: string): void {
    const old = this.s[key];
    this.update({ [key]: value } as Partial<State>);
    this.call('onPaymentFormChange', this.currentMethod(), label, 'input', old, value, true, this.pasted);
    this.pasted = false;
    this.validated();
  }

  private typedApm(method: string, f: ApmFieldSpec, value: string): void {
    const old = this.s.apmValues[method]?.[f.name] ?? '';
    const apmValues = { ...this.s.apmValues, [method]: { ...this.s.apmValues[method], [f.name]: value } };
    this.update({ apmValues });
    const problem = this.apmFieldProblem(method, f);
    this.call('onPaymentFormChange', method, f.name, 'input', old, value, !problem, this.pasted);
    this.pasted = false;
    this.validated();
  }

  private userData(): void {
    const method = this.currentMethod();
    const email = method && method !== CARD ? this.s.apmValues[method]?.email : undefined;
    this.call(
      'userData',
      userDataPayload({
        cardHolderName: this.s.name,
        ...(email ? { email } : {}),
        nationalId: this.s.nationalId,
      }),
    );
  }

  private async maybeQuoteDcc(): Promise<void> {
    const st = this.states.number;
    if (this.o.useDCC === 'disable' || !st?.complete || !st.brand) {
      if (this.s.dcc && !st?.complete) {
        this.dccFor = '';
        this.update({ dcc: undefined });
      }
      return;
    }
    const key = `${st.brand}:${this.s.amount}`;
    if (this.dccFor === key) return;
    this.dccFor = key;
    const primary = this.card.primary();
    if (!primary) return;
    const q = await primary.request('dcc', { sessionToken: this.o.sessionToken, clientUniqueId: 'checkout' });
    if (this.destroyed || q.result === 'ERROR' || typeof q.currency !== 'string') return;
    if (q.currency === this.o.currency) return;
    if (this.o.strictDcc && q.dccFullSupport !== true) return;
    this.update({
      dcc: {
        amount: String(q.originalAmount ?? this.s.amount),
        currency: String(q.originalCurrency ?? this.o.currency),
        chargedAmount: String(q.amount),
        chargedCurrency: q.currency,
        rate: String(q.rateValueWithMarkup ?? ''),
        markup: String(q.markUpValue ?? ''),
        full: q.dccFullSupport === true,
      },
    });
    this.event('dccOffered', { currency: q.currency });
  }

  /**
   * useDualBrand (docs/decisions/0413): once the number is complete, asks the number frame for the
   * card's details; a co-badged card (a `secondaryBrand`) gets a brand choice, the primary preselected.
   */
  private async lookUpBrands(st: FieldState): Promise<void> {
    if (!this.o.useDualBrand) return;
    const n = ++this.brandLookup;
    if (!st.complete) {
      if (this.s.brands) this.update({ brands: undefined, selectedBrand: undefined });
      return;
    }
    const primary = this.card.primary();
    if (!primary) return;
    const details = await primary.request('cardDetails', { sessionToken: this.o.sessionToken });
    if (this.destroyed || n !== this.brandLookup) return;
    const brands = brandChoiceOf(details);
    if (!brands) {
      if (this.s.brands) this.update({ brands: undefined, selectedBrand: undefined });
      return;
    }
    this.update({ brands, selectedBrand: brands[0] });
    this.event('brandChoiceOffered', { brands });
  }

  private chooseBrand(brand: string): void {
    const old = this.s.selectedBrand ?? '';
    if (old === brand) return;
    this.update({ selectedBrand: brand });
    this.call('onPaymentFormChange', CARD, this.t('brandChoice'), 'select', old, brand, true, false);
  }

  private async changeAmount(text: string, fromSuggestion: boolean): Promise<Obj> {
    const v = decimalOf(text);
    this.update({ amountText: text });
    const problem = this.amountProblem(v);
    if (problem) {
      this.validated();
      return sdkError(1040, problem);
    }
    const answer = await this.env.transport('setOpenAmount', { sessionToken: this.o.sessionToken, amount: v });
    if (answer.status === 'ERROR') {
      const err = sdkError(Number(answer.errCode ?? 1040), String(answer.reason ?? answer.errorDescription ?? ''));
      this.update({ status: { tone: 'bad', text: this.t('invalid') } });
      return err;
    }
    const amount = String(answer.amount ?? v);
    this.update({ amount, amountText: amount, dcc: undefined });
    this.dccFor = '';
    void this.maybeQuoteDcc();
    if (fromSuggestion) this.call('onSuggestedAmount', suggestedAmountPayload(amount, this.o.currency));
    this.validated();
    return {
      result: 'SUCCESS',
      status: 'SUCCESS',
      errCode: 0,
      amount,
      currency: String(answer.currency ?? this.o.currency),
    };
  }

  // ----------------------------------------------------------------------------------------------
  // Paying

  async submitPayment(): Promise<Obj> {
    // a second payment after a final result, or during one, is impossible: the machine refuses it
    if (!canPay(this.s.flow) || !this.go({ type: 'submit' }))
      return sdkError(1000, 'The form is not ready for a payment');
    const invalid = this.invalidFields();
    const method = this.currentMethod();
    this.lastValidated = '';
    this.validated();
    if (invalid.length > 0) {
      // "check the card details" only when a card is being paid with
      const text = this.t(method === CARD ? 'invalidCard' : 'invalidForm');
      this.go({ type: 'invalid' }, { showErrors: true, status: { tone: 'bad', text } });
      this.focusFirstInvalid(invalid);
      return sdkError(1019, `Invalid fields: ${invalid.join(', ')}`);
    }
    const upo = this.selectedUpo();
    const dcc = this.s.dcc && this.s.dccAccepted && method === CARD && !upo ? this.s.dcc : undefined;
    const save = this.savePmValue();
    this.go({ type: 'valid' }, {
      status: { tone: 'info', text: this.t('processing') },
      recovery: undefined,
      showErrors: false,
    });
    const installment = this.installmentChoice();
    if (this.cb.prePayment) {
      try {
        await this.cb.prePayment(
          prePaymentPayload({
            method,
            ...(upo ? { upoId: upo.id } : {}),
            amount: this.s.amount,
            currency: this.o.currency,
            ...(dcc ? { dcc } : {}),
            savePM: save,
            ...(installment ? { installment } : {}),
            promoCode: this.s.promo,
          }),
        );
      } catch (reason) {
        const text =
          typeof reason === 'string' && reason
            ? reason
            : reason instanceof Error && reason.message
              ? reason.message
              : this.t('stopped');
        this.event('paymentStopped', { reason: text });
        this.go({ type: 'stopped' }, { status: { tone: 'bad', text } });
        this.focusStatus();
        return sdkError(1000, text);
      }
    }
    this.event('paymentStarted', { paymentMethod: method });
    const o = this.o;
    const base: Obj = {
      sessionToken: o.sessionToken,
      billingAddress: o.billingAddress,
      ...(o.userDetails ? { userDetails: o.userDetails } : {}),
      ...(o.shippingAddress ? { shippingAddress: o.shippingAddress } : {}),
      ...(o.merchantDetails ? { merchantDetails: o.merchantDetails } : {}),
      savePM: save ? 'true' : 'false',
    };
    let answer: Obj;
    if (upo) {
      answer =
        upo.isCard && this.upoNeedsCvv()
          ? await this.upoCvv.request('payUpo', {
              ...base,
              userPaymentOptionId: upo.id,
              alwaysCollectCvv: o.alwaysCollectCvv === 'optional' ? 'optional' : 'always',
            })
          : await this.sdk.createPayment({
              ...base,
              paymentOption: { userPaymentOptionId: upo.id },
              apmWindowType: o.apmWindowType,
            });
    } else if (method === CARD) {
      answer = await this.sdk.createPayment({
        ...base,
        // an accepted DCC offer (docs/decisions/0412): the converted charge, checked by the server
        ...(dcc
          ? {
              amount: dcc.chargedAmount,
              currency: dcc.chargedCurrency,
              currencyConversion: { type: 'DCC', originalAmount: dcc.amount, originalCurrency: dcc.currency },
            }
          : {}),
        paymentOption: this.card,
        cardHolderName: this.s.name.trim(),
        // a co-badged card's brand chosen by the shopper (useDualBrand, docs/decisions/0413)
        ...selectedBrandMember(this.s.brands, this.s.selectedBrand),
        ...(o.alwaysCollectCvv === 'optional' ? { alwaysCollectCvv: 'optional' } : {}),
      });
    } else {
      const values = this.s.apmValues[method] ?? {};
      answer = await this.sdk.createPayment({
        ...base,
        paymentOption: {
          alternativePaymentMethod: {
            paymentMethod: method,
            ...values,
            ...(o.subMethod ? { subMethod: o.subMethod } : {}),
          },
        },
        apmWindowType: o.apmWindowType,
      });
    }
    if (this.destroyed) return answer;
    return this.finish(method, answer);
  }

  private async finish(method: string, answer: Obj): Promise<Obj> {
    const result = resultPayload(answer);
    this.event('paymentResult', { result: result.result });
    this.call('onResult', result);
    const show = this.o.showResponseMessage;
    if (result.result === 'APPROVED') {
      this.go(
        { type: 'result', result: 'APPROVED' },
        { status: show ? { tone: 'ok', text: this.t('approved') } : undefined },
      );
      if (this.savePmValue()) void this.reloadUpos();
    } else if (result.result === 'PENDING') {
      // locked like an approval: a second press would pay twice (docs/decisions/0421)
      this.go({ type: 'result', result: 'PENDING' }, {
        status: show ? { tone: 'info', text: this.t('pending') } : undefined,
        next: this.t(method === 'apmgw_BankTransfer' ? 'pendingBankTransfer' : 'pendingNext'),
      });
    } else if (result.result === 'DECLINED') {
      this.history.push(declineEntry(method, answer, this.env.now()));
      const text = declineText(this.t, answer.gwErrorReason ?? answer.errorDescription ?? answer.reason);
      let recovery: RecoveryOverride | undefined;
      if (!this.o.disableDeclineRecovery) {
        let override: unknown;
        try {
          override = await this.call(
            'onDeclineRecovery',
            this.history.map((h) => ({ ...h })),
          );
        } catch {
          override = undefined;
        }
        const reason = answer.gwErrorReason ?? answer.errorDescription ?? answer.reason;
        recovery = recoveryOf(override, method, typeof reason === 'string' ? reason : '');
        this.event('declineRecovery', { ...recovery });
      }
      this.go(
        { type: 'result', result: 'DECLINED' },
        { status: show ? { tone: 'bad', text } : undefined, ...(recovery ? { recovery } : {}) },
      );
    } else {
      const text = result.errCode === -5 ? this.t('cancelled3ds') : this.t('error');
      this.go({ type: 'result', result: 'ERROR' }, { status: show ? { tone: 'bad', text } : undefined });
    }
    this.focusStatus();
    return result;
  }

  /** After an attempt: focus on its message (or the result), never left on <body>. */
  private focusStatus(): void {
    if (this.destroyed) return;
    const target =
      this.root.querySelector<HTMLElement>('[data-ghc-result]') ?? this.root.querySelector<HTMLElement>('.ghc-status');
    target?.focus({ preventScroll: false });
  }

  /** A failed submit: focus moves to the first field in error (a card frame's input, or the form's own). */
  private focusFirstInvalid(invalid: string[]): void {
    const first = invalid[0];
    if (first === PART_FIELDS.number) return this.fields.number?.focus();
    if (first === PART_FIELDS.exp) return this.fields.exp?.focus();
    if (first === PART_FIELDS.cvc) return this.selectedUpo() ? this.upoCvv.focus() : this.fields.cvc?.focus();
    const ids: Record<string, string> = { cardHolderName: 'ghc-name', installments: 'ghc-inst', nationalId: 'ghc-nid', amount: 'ghc-amount' };
    const method = this.currentMethod();
    const el =
      this.root.querySelector<HTMLElement>(`#${ids[first ?? ''] ?? `ghc-apm-${method}-${first}`}`) ??
      this.root.querySelector<HTMLElement>('.ghc-status');
    el?.focus();
  }

  /**
   * What a payment now charges, as the form shows it: the order's amount, or with an accepted DCC offer
   * the converted charge (the headline and the pay button show the same, docs/decisions/0420).
   */
  charge(): { amount: string; currency: string; dcc?: DccChoice } {
    const d = this.s.dcc;
    if (d && this.s.dccAccepted && this.currentMethod() === CARD && !this.selectedUpo())
      return { amount: d.chargedAmount, currency: d.chargedCurrency, dcc: d };
    return { amount: this.s.amount, currency: this.o.currency };
  }

  private async reloadUpos(): Promise<void> {
    const answer = await this.env.transport('getUserUPOs', { sessionToken: this.o.sessionToken });
    const ids = new Set(this.s.methods.map((m) => m.id));
    const list = ((answer.paymentMethods as Obj[] | undefined) ?? []).map(upoLabelOf).filter((u) => ids.has(u.method));
    this.update({ upos: list });
  }

  private recover(kind: 'differentCard' | 'retry' | 'nextPm'): void {
    this.event('declineRecoveryChosen', { choice: kind });
    if (kind === 'differentCard') {
      this.card.primary()?.clear();
      for (const f of Object.values(this.fields)) if (f && f !== this.card.primary()) f.clear();
      this.update({ recovery: undefined, status: undefined, selected: { kind: 'method', id: CARD } });
      this.fields.number?.focus();
    } else if (kind === 'retry') {
      this.update({ recovery: undefined });
      void this.submitPayment();
    } else {
      this.update({ recovery: undefined, status: undefined, selected: undefined, showAll: true });
    }
  }

  // ----------------------------------------------------------------------------------------------
  // Methods of docs/checkout.md

  api(): CheckoutInstance {
    const o = this.o;
    const withCb = async (work: Promise<Obj>, cb: unknown) => {
      const r = await work;
      if (typeof cb === 'function') (cb as (r: Obj) => void)(r);
      return r;
    };
    const api: CheckoutInstance = {
      getApms: (p?: unknown, cb?: unknown) => {
        const q = (p && typeof p === 'object' ? p : {}) as Obj;
        const callback = typeof p === 'function' ? p : cb;
        return this.sdk.getApms(
          { currencyCode: o.currency, countryCode: o.country, languageCode: o.locale, ...q },
          callback as never,
        );
      },
      getCardDetails: (p?: unknown, cb?: unknown) => {
        const callback = typeof p === 'function' ? p : cb;
        const q = (p && typeof p === 'object' ? p : {}) as Obj;
        return this.sdk.getCardDetails({ ...q, useFields: true }, callback as never);
      },
      clientGetDccDetails: (p?: unknown, cb?: unknown) => {
        const callback = typeof p === 'function' ? p : cb;
        const q = (p && typeof p === 'object' ? p : {}) as Obj;
        const primary = this.card.primary();
        const body: Obj = { sessionToken: o.sessionToken, clientUniqueId: String(q.clientUniqueId ?? 'checkout') };
        if (q.clientRequestId !== undefined) body.clientRequestId = q.clientRequestId;
        if (q.currency !== undefined) body.currency = q.currency;
        else if (q.country !== undefined) body.country = q.country;
        return withCb(
          primary && this.attached.has(primary)
            ? primary.request('dcc', body)
            : Promise.resolve(sdkError(1004, 'Open the card form and type a card first')),
          callback,
        );
      },
      getUserUPOs: (cb?: unknown) => this.sdk.getUserUPOs(cb as never),
      getToken: (p?: unknown) => {
        const q = (p && typeof p === 'object' ? p : {}) as Obj;
        return this.sdk.getToken(this.card, {
          sessionToken: o.sessionToken,
          cardHolderName: String(q.cardHolderName ?? this.s.name),
          billingAddress: q.billingAddress ?? o.billingAddress,
        });
      },
      applyOverlay: () => {
        this.update({ overlay: true });
        return undefined;
      },
      removeOverlay: () => {
        this.update({ overlay: false });
        return undefined;
      },
      destroy: () => {
        this.destroy();
        return undefined;
      },
      submitPayment: () => this.submitPayment(),
      setOpenAmount: (amount: unknown, cb?: unknown) => {
        const work = o.openAmount
          ? this.changeAmount(String(amount ?? ''), false)
          : Promise.resolve(sdkError(1019, 'setOpenAmount needs the openAmount option'));
        return withCb(work, cb);
      },
      deleteUpo: async (upoId: unknown) => {
        const id = String(upoId ?? '');
        const answer = await this.env.transport('deleteUpo', { sessionToken: o.sessionToken, userPaymentOptionId: id });
        const payload = upoDeletedPayload(id, answer);
        if (payload.result !== 'SUCCESS')
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- deleteUpo's promise rejects with its result object (ADR 0411)
          throw { ...payload, errorDescription: answer.reason ?? answer.errorDescription };
        const wasSelected = this.s.selected?.kind === 'upo' && this.s.selected.id === id;
        const before = this.s.upos.findIndex((u) => u.id === id);
        this.update({ upos: this.s.upos.filter((u) => u.id !== id), ...(wasSelected ? { selected: undefined } : {}) });
        this.call('upoDeleted', payload);
        // focus moves to the next saved method (or the list's heading), never to <body>
        const rows = this.root.querySelectorAll<HTMLElement>('.ghc-upo input[type=radio]');
        const next = rows[Math.min(before, rows.length - 1)];
        (next ?? this.root.querySelector<HTMLElement>('#ghc-methods-h'))?.focus();
        return payload;
      },
      showDeclined: (message?: unknown) => {
        this.go(
          { type: 'show', outcome: 'declined' },
          { status: { tone: 'bad', text: typeof message === 'string' && message ? message : this.t('declined') } },
        );
        return undefined;
      },
      showApproved: () => {
        this.go({ type: 'show', outcome: 'approved' }, { status: { tone: 'ok', text: this.t('approved') } });
        return undefined;
      },
      showRefresh: () => {
        this.go({ type: 'show', outcome: 'refresh' }, { status: { tone: 'bad', text: this.t('refresh') } });
        return undefined;
      },
      addUpo: async () => {
        const method = this.currentMethod();
        if (!method || this.s.selected?.kind === 'upo') return sdkError(1019, 'Select a payment method first');
        const r =
          method === CARD
            ? await this.sdk.addCardUpo({ useFields: true, billingAddress: o.billingAddress })
            : await this.sdk.addApmUpo({
                paymentMethodName: method,
                apmData: this.s.apmValues[method] ?? {},
                billingAddress: o.billingAddress,
              });
        if (r.result === 'ADDED') await this.reloadUpos();
        return r;
      },
    };
    return api;
  }

  // ----------------------------------------------------------------------------------------------
  // View

  private view() {
    const s = this.s;
    const o = this.o;
    const t = this.t;
    const busy = isBusy(s.flow);
    const done = FINAL.has(s.phase);
    const methods = s.showAll ? s.methods : s.methods.slice(0, 3);
    const accordion = o.theme === 'accordion';
    const sel = s.selected;
    const methodList = (
      <ul class="ghc-methods" aria-label={t('methods')}>
        {methods.map((m) => {
          const on = sel?.kind === 'method' && sel.id === m.id;
          return (
            <li key={m.id}>
              <button
                type="button"
                class="ghc-method"
                data-method={m.id}
                {...(accordion ? { 'aria-expanded': on } : { 'aria-pressed': on })}
                disabled={busy || done}
                onClick={() => this.select({ kind: 'method', id: m.id })}
              >
                {m.logoURL ? <img src={m.logoURL} alt="" /> : null}
                <span>{m.label}</span>
              </button>
              {accordion && on ? <div class="ghc-panel">{this.methodForm(m)}</div> : null}
            </li>
          );
        })}
        {!s.showAll && s.methods.length > 3 ? (
          <li>
            <button type="button" class="ghc-link" onClick={() => this.update({ showAll: true })}>
              {t('showMore')}
            </button>
          </li>
        ) : null}
      </ul>
    );
    const selectedMethod = sel?.kind === 'method' ? s.methods.find((m) => m.id === sel.id) : undefined;
    const form =
      !accordion && selectedMethod ? <div class="ghc-panel-flat">{this.methodForm(selectedMethod)}</div> : null;
    const upos =
      s.upos.length > 0 ? (
        <section aria-labelledby="ghc-upos-h">
          <h3 id="ghc-upos-h">{t('savedMethods')}</h3>
          <ul class="ghc-upos">
            {s.upos.map((u) => {
              const on = sel?.kind === 'upo' && sel.id === u.id;
              return (
                <li key={u.id} class={`ghc-upo${on ? ' ghc-on' : ''}`} data-upo={u.id}>
                  <label>
                    <input
                      type="radio"
                      name="ghc-upo"
                      checked={on}
                      disabled={busy || done}
                      onChange={() => this.select({ kind: 'upo', id: u.id })}
                    />
                    <span>
                      {u.label}
                      {u.expires ? <span class="ghc-muted"> · {t('expires', { date: u.expires })}</span> : null}
                    </span>
                  </label>
                  {o.disableDeleteUpoButton ? null : (
                    <button
                      type="button"
                      class="ghc-del"
                      aria-label={t('deleteUpo', { name: u.label })}
                      disabled={busy || done}
                      data-ghc-delete={u.id}
                      onClick={() => this.update({ confirmDelete: u.id })}
                    >
                      ×
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {sel?.kind === 'upo' && this.upoNeedsCvv() ? (
            <div>
              <span class="ghc-label" id="ghc-upo-cvv-l">
                {o.alwaysCollectCvv === 'optional' ? t('cvvOptional') : t('cvv')}
              </span>
              <div class={`ghc-field`} data-ghc-frame="upoCvc" />
              <p class="ghc-err">{s.showErrors && this.invalidFields().includes('ccCvc') ? t('invalid') : ''}</p>
            </div>
          ) : null}
        </section>
      ) : null;
    const methodsSection = (
      <section aria-labelledby="ghc-methods-h">
        <h3 id="ghc-methods-h" tabIndex={-1}>
          {t('methods')}
        </h3>
        {s.phase === 'loading' ? (
          <p class="ghc-muted">{t('loading')}</p>
        ) : s.methods.length === 0 ? (
          <p>{t('noMethods')}</p>
        ) : (
          methodList
        )}
      </section>
    );
    const body =
      o.theme === 'cashier' ? (
        <div class="ghc-body">
          <div class="ghc-side">
            {upos}
            {methodsSection}
          </div>
          <div class="ghc-main">{form}</div>
        </div>
      ) : (
        <div class="ghc-body">
          {upos}
          {methodsSection}
          {form}
        </div>
      );
    return (
      <div
        class={`ghc ghc-theme-${o.theme}`}
        dir={o.textDirection}
        lang={o.locale}
        data-phase={s.phase}
        aria-busy={busy}
      >
        {s.overlay ? <div class="ghc-overlay" data-ghc-overlay="" /> : null}
        <div {...(s.overlay ? { inert: true, 'aria-hidden': 'true' } : {})}>
          <h2>{t('title')}</h2>
          {this.amountView()}
          {done ? null : body}
          {done ? null : this.saveView()}
          <ResultState
            tone={s.status?.tone ?? 'info'}
            message={s.status?.text ?? ''}
            next={s.phase === 'pending' ? s.next : undefined}
            final={done ? s.phase : undefined}
          />
          {s.recovery ? this.recoveryView(s.recovery) : null}
          {s.confirmDelete ? this.confirmDeleteView(s.confirmDelete) : null}
          {done ? null : (
            <button
              type="button"
              class="ghc-pay"
              // busy: aria-disabled, not disabled, so that the focus stays on the button meanwhile
              disabled={!sel || s.phase === 'loading' || !s.framesReady}
              aria-disabled={busy ? 'true' : undefined}
              onClick={() => (busy ? undefined : void this.submitPayment())}
            >
              {busy ? <Spinner label="" /> : null}
              {busy ? ` ${t('processing')}` : this.payLabel()}
            </button>
          )}
          {/* below the pay button: it appears without moving what the shopper was looking at */}
          {s.showErrors && !done && !busy ? this.errorSummary() : null}
        </div>
      </div>
    );
  }

  /** "Pay {amount}" with the amount isolated, so a right-to-left form keeps "15,00 €" in one piece. */
  private payLabel() {
    const [before, after] = aroundAmount(this.t('pay'));
    return (
      <>
        {before}
        <bdi dir="ltr">{this.money(this.charge().amount, this.charge().currency)}</bdi>
        {after}
      </>
    );
  }

  private amountView() {
    const o = this.o;
    const s = this.s;
    const t = this.t;
    const charge = this.charge();
    if (!o.openAmount || charge.dcc || FINAL.has(s.phase))
      return (
        <div class="ghc-amount-box">
          <p class="ghc-amount" data-ghc-amount={`${charge.amount} ${charge.currency}`}>
            <span class="ghc-sr">{t('amountDue')}: </span>
            <bdi dir="ltr">{this.money(charge.amount, charge.currency)}</bdi>
          </p>
          {charge.dcc ? (
            <p class="ghc-muted" data-ghc-dcc-rate="">
              {t('dccRate', {
                original: '\u2068' + this.money(charge.dcc.amount, charge.dcc.currency) + '\u2069',
                rate: `\u20681 ${charge.dcc.currency} = ${charge.dcc.rate} ${charge.dcc.chargedCurrency}\u2069`,
              })}
            </p>
          ) : null}
        </div>
      );
    const problem = s.showErrors || s.amountText !== s.amount ? this.amountProblem(s.amountText) : undefined;
    return (
      <div>
        <label class="ghc-label" for="ghc-amount">
          {t('chooseAmount')} ({o.currency})
        </label>
        <input
          id="ghc-amount"
          class="ghc-input"
          inputMode="decimal"
          autocomplete="off"
          value={s.amountText}
          aria-invalid={problem ? 'true' : 'false'}
          aria-describedby="ghc-amount-hint ghc-amount-err"
          onChange={(e) => void this.changeAmount((e.currentTarget as HTMLInputElement).value, false)}
        />
        <p class="ghc-muted" id="ghc-amount-hint">
          {t('amountRange', { min: this.money(o.openAmount.min), max: this.money(o.openAmount.max) })}
        </p>
        {o.amountSuggestions.length > 0 ? (
          <div class="ghc-suggest" role="group" aria-label={t('suggested')}>
            {o.amountSuggestions.map((a) => (
              <button type="button" class="ghc-link" key={a} onClick={() => void this.changeAmount(a, true)}>
                {this.money(a)}
              </button>
            ))}
          </div>
        ) : null}
        <p class="ghc-err" id="ghc-amount-err">
          {problem ?? ''}
        </p>
      </div>
    );
  }

  private methodForm(m: Method) {
    return m.id === CARD ? this.cardForm() : this.apmForm(m);
  }

  private err(name: string, text?: string) {
    const show = this.s.showErrors && this.invalidFields().includes(name);
    return (
      <p class="ghc-err" id={`ghc-err-${name}`}>
        {show ? (text ?? this.t('invalid')) : ''}
      </p>
    );
  }

  private cardForm() {
    const o = this.o;
    const s = this.s;
    const t = this.t;
    const brand = this.states.number?.brand;
    const logo =
      o.cardLogo !== false ? (
        <span
          class="ghc-brand"
          aria-hidden="true"
          data-ghc-brand={brand ?? ''}
          style={o.cardLogo.backgroundSize ? { fontSize: o.cardLogo.backgroundSize } : undefined}
        >
          {brand && (CARD_BRANDS as readonly string[]).includes(brand) ? (
            <BrandMark brand={brand as CardBrand} decorative />
          ) : brand ? (
            brand.toUpperCase()
          ) : (
            <svg width="26" height="18" viewBox="0 0 26 18" aria-hidden="true">
              <rect x="1" y="1" width="24" height="16" rx="2" fill="none" stroke="#52606d" stroke-width="1.5" />
              <rect x="1" y="5" width="24" height="3" fill="#52606d" />
            </svg>
          )}
        </span>
      ) : null;
    const inst = o.cardInstallments;
    const frameErr = (part: 'number' | 'exp' | 'cvc') => {
      const st = this.states[part];
      const show = (s.showErrors && this.invalidFields().includes(PART_FIELDS[part])) || st?.invalid;
      // the frames explain in English: their reason in an English form, the locale's text otherwise
      const reason = o.locale === 'en' && st?.error ? st.error : t('invalid');
      return <p class="ghc-err">{show ? reason : ''}</p>;
    };
    return (
      <div class="ghc-card" data-ghc-form="cc_card">
        {o.showCardLogos ? (
          <ul class="ghc-logos" aria-label={t('acceptedCards')}>
            {acceptedBrands(o.blockCards, o.cardWhitelist).map((b) => (
              <li class="ghc-logo" key={b} data-brand={b}>
                <BrandMark brand={b} />
              </li>
            ))}
          </ul>
        ) : null}
        <span class="ghc-label">{t('cardNumber')}</span>
        <div
          class={`ghc-numwrap${o.cardLogo !== false && o.cardLogo.cardLogoPosition === 'left' ? ' ghc-logo-left' : ''}`}
        >
          <div class="ghc-field" data-ghc-frame="ccNumber" />
          {logo}
        </div>
        {frameErr('number')}
        {s.brands ? this.brandChoice(s.brands) : null}
        <div class="ghc-row">
          <div>
            <span class="ghc-label">{t('expiry')}</span>
            <div class="ghc-field" data-ghc-frame="ccExpiration" />
            {frameErr('exp')}
          </div>
          <div>
            <span class="ghc-label">{o.alwaysCollectCvv === 'optional' ? t('cvvOptional') : t('cvv')}</span>
            <div class="ghc-field" data-ghc-frame="ccCvc" />
            {frameErr('cvc')}
          </div>
        </div>
        <label class="ghc-label" for="ghc-name">
          {t('cardHolder')}
        </label>
        <input
          id="ghc-name"
          class="ghc-input"
          name="ccname"
          autocomplete="cc-name"
          maxLength={70}
          value={s.name}
          aria-invalid={s.showErrors && this.nameProblem() ? 'true' : 'false'}
          aria-describedby="ghc-err-cardHolderName"
          onPaste={() => (this.pasted = true)}
          onInput={(e) => this.typed('name', t('cardHolder'), (e.currentTarget as HTMLInputElement).value)}
          onBlur={() => this.userData()}
        />
        {this.err('cardHolderName', this.nameProblem())}
        {this.installmentsOffered() && inst ? (
          <div>
            <label class="ghc-label" for="ghc-inst">
              {t('installments')}
            </label>
            <select
              id="ghc-inst"
              class="ghc-input"
              value={s.installment}
              aria-describedby="ghc-err-installments"
              onChange={(e) => {
                const old = s.installment;
                const v = (e.currentTarget as HTMLSelectElement).value;
                this.update({ installment: v });
                this.call('onPaymentFormChange', CARD, t('installments'), 'select', old, v, v !== '', false);
                this.validated();
              }}
            >
              <option value="">—</option>
              {inst.installmentType.singlePayment ? <option value="singlePayment">{t('singlePayment')}</option> : null}
              {(['type1', 'type2', 'type3'] as const).flatMap((type) =>
                inst.installmentType[type].map((n) => (
                  <option key={`${type}:${n}`} value={`${type}:${n}`}>
                    {t(type, { n })}
                  </option>
                )),
              )}
            </select>
            {this.err('installments', t('required'))}
            {inst.nationalId !== undefined ? (
              <div>
                <label class="ghc-label" for="ghc-nid">
                  {inst.nationalId || t('nationalId')}
                </label>
                <input
                  id="ghc-nid"
                  class="ghc-input"
                  autocomplete="off"
                  maxLength={30}
                  value={s.nationalId}
                  aria-describedby="ghc-err-nationalId"
                  onInput={(e) =>
                    this.typed('nationalId', t('nationalId'), (e.currentTarget as HTMLInputElement).value)
                  }
                  onBlur={() => this.userData()}
                />
                {this.err('nationalId', t('required'))}
              </div>
            ) : null}
          </div>
        ) : null}
        {o.promoCode ? (
          <div>
            <label class="ghc-label" for="ghc-promo">
              {t('promoCode')}
            </label>
            <input
              id="ghc-promo"
              class="ghc-input"
              autocomplete="off"
              maxLength={40}
              value={s.promo}
              onInput={(e) => this.typed('promo', t('promoCode'), (e.currentTarget as HTMLInputElement).value)}
            />
          </div>
        ) : null}
        {s.dcc ? (
          <div class="ghc-dcc" data-ghc-dcc={s.dcc.chargedCurrency}>
            <label class="ghc-check">
              <input
                type="checkbox"
                checked={s.dccAccepted}
                disabled={o.useDCC === 'force'}
                onChange={(e) => {
                  const v = (e.currentTarget as HTMLInputElement).checked;
                  this.update({ dccAccepted: v });
                  this.event(v ? 'dccAccepted' : 'dccDeclined', { currency: s.dcc?.chargedCurrency });
                }}
              />
              <span>
                {t('dccOffer', {
                  amount: this.money(s.dcc.chargedAmount, s.dcc.chargedCurrency),
                  rate: s.dcc.rate,
                  markup: s.dcc.markup,
                })}
              </span>
            </label>
          </div>
        ) : null}
      </div>
    );
  }

  /** The brand choice of a co-badged card: a native radio group (arrow keys move, labels name each). */
  private brandChoice(brands: string[]) {
    return (
      <fieldset
        class="ghc-brands"
        role="radiogroup"
        aria-labelledby="ghc-brands-legend"
        data-ghc-brands={brands.join('|')}
      >
        <legend class="ghc-label" id="ghc-brands-legend">
          {this.t('brandChoice')}
        </legend>
        {brands.map((b, i) => (
          <label class="ghc-check" key={b}>
            <input
              type="radio"
              name="ghc-brand"
              value={b}
              data-ghc-brand-option={i === 0 ? 'primary' : 'secondary'}
              checked={this.s.selectedBrand === b}
              onChange={() => this.chooseBrand(b)}
            />
            <span>{b}</span>
          </label>
        ))}
      </fieldset>
    );
  }

  private apmForm(m: Method) {
    const o = this.o;
    const t = this.t;
    const values = this.s.apmValues[m.id] ?? {};
    return (
      <div class="ghc-apm" data-ghc-form={m.id}>
        {m.fields.map((f) => {
          const id = `ghc-apm-${m.id}-${f.name}`;
          const problem = this.s.showErrors ? this.apmFieldProblem(m.id, f) : undefined;
          const prefilled = o.prepopulateApmFields[f.name] !== undefined;
          return (
            <div key={f.name}>
              <label class="ghc-label" for={id}>
                {captionOf(f.caption, o.locale, f.name)}
              </label>
              <input
                id={id}
                class="ghc-input"
                name={f.name}
                type="text"
                inputMode={f.type === 'email' || f.name === 'email' ? 'email' : 'text'}
                autocomplete={f.name === 'email' ? 'email' : f.name === 'account_holder_name' ? 'name' : 'off'}
                value={values[f.name] ?? ''}
                readOnly={prefilled && o.readonlyPrepopulateApmFields}
                aria-invalid={problem ? 'true' : 'false'}
                aria-describedby={`${id}-err`}
                onPaste={() => (this.pasted = true)}
                onInput={(e) => this.typedApm(m.id, f, (e.currentTarget as HTMLInputElement).value)}
                onBlur={() => this.userData()}
              />
              <p class="ghc-err" id={`${id}-err`}>
                {problem ?? ''}
              </p>
            </div>
          );
        })}
        {m.fields.length === 0 || o.apmWindowType !== 'customRedirect' ? (
          <p class="ghc-muted">{t('redirectNotice')}</p>
        ) : null}
      </div>
    );
  }

  private saveView() {
    const mode = this.savePmMode();
    const t = this.t;
    if (mode === 'false' || this.s.phase === 'approved') return null;
    if (mode === 'always')
      return (
        <p class="ghc-muted" data-ghc-save="always">
          {t('savePmAlways')}{' '}
          {this.o.savePmUrl ? (
            <a href={this.o.savePmUrl} target="_blank" rel="noopener noreferrer">
              {t('terms')}
            </a>
          ) : null}
        </p>
      );
    return (
      <label class="ghc-check" data-ghc-save={mode}>
        <input
          type="checkbox"
          id="ghc-save"
          checked={this.s.save}
          onChange={(e) => {
            const v = (e.currentTarget as HTMLInputElement).checked;
            this.update({ save: v });
            this.call('onPaymentFormChange', this.currentMethod(), t('savePm'), 'check', !v, v, true, false);
          }}
        />
        <span>{t('savePm')}</span>
      </label>
    );
  }

  /** Confirm before deleting a saved method: a dialog, "Keep" first; confirmed, the UPO is deleted. */
  private confirmDeleteView(id: string) {
    const t = this.t;
    const u = this.s.upos.find((x) => x.id === id);
    if (!u) return null;
    const keep = () => {
      this.update({ confirmDelete: undefined });
    };
    const remove = () => {
      this.update({ confirmDelete: undefined });
      void (this.api().deleteUpo(id) as Promise<unknown>).catch(() => undefined);
    };
    return (
      <Modal id="ghc-confirm" title={t('deleteConfirm', { name: u.label })} onClose={keep}>
        <div class="gh-modal-actions">
          <button type="button" class="ghc-link" data-ghc-keep="" onClick={keep}>
            {t('keep')}
          </button>
          <button type="button" class="ghc-link ghc-danger" data-ghc-confirm-delete={id} onClick={remove}>
            {t('remove')}
          </button>
        </div>
      </Modal>
    );
  }

  /** After a failed submit: the fields to correct, each a button that focuses its field. */
  private errorSummary() {
    const t = this.t;
    const labels: Record<string, string> = {
      [PART_FIELDS.number]: t('cardNumber'),
      [PART_FIELDS.exp]: t('expiry'),
      [PART_FIELDS.cvc]: t('cvv'),
      cardHolderName: t('cardHolder'),
      installments: t('installments'),
      nationalId: t('nationalId'),
      amount: t('chooseAmount'),
      paymentMethod: t('methods'),
    };
    const method = this.s.methods.find((m) => m.id === this.currentMethod());
    const items = this.invalidFields().map((name) => ({
      name,
      label: labels[name] ?? captionOf(method?.fields.find((f) => f.name === name)?.caption, this.o.locale, name),
    }));
    return <ErrorSummary title={t('fixFields')} items={items} onPick={(name) => this.focusFirstInvalid([name])} />;
  }

  private recoveryView(r: RecoveryOverride) {
    const t = this.t;
    return (
      <div class="ghc-recovery" data-ghc-recovery="">
        {r.supportMessage ? <p class="ghc-muted">{r.supportMessage}</p> : null}
        {r.differentCard ? (
          <button
            type="button"
            class="ghc-link"
            data-recovery="differentCard"
            onClick={() => this.recover('differentCard')}
          >
            {t('differentCard')}
          </button>
        ) : null}
        {r.retry ? (
          <button type="button" class="ghc-link" data-recovery="retry" onClick={() => this.recover('retry')}>
            {t('retry')}
          </button>
        ) : null}
        {r.nextPm ? (
          <button type="button" class="ghc-link" data-recovery="nextPm" onClick={() => this.recover('nextPm')}>
            {t('nextPm')}
          </button>
        ) : null}
      </div>
    );
  }
}

/** The checkout bundle's entry: registers `mount` for the websdk.js stub. */
export async function mount(options: CheckoutOptions, env: CheckoutEnv): Promise<CheckoutInstance> {
  const container = document.querySelector(options.renderTo);
  if (!container) throw new Error('renderTo matches no element');
  const c = new Checkout(options, env, container);
  void c
    .load()
    .catch(() => c.go({ type: 'show', outcome: 'refresh' }, { status: { tone: 'bad', text: translator(c.o.locale)('refresh') } }));
  return c.api();
}
