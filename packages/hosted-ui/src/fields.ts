/**
 * The hosted card field page (`/hosted/v1/fields?type=&mo=&g=`), in an iframe on the merchant page.
 * It holds the card data the cardholder types, checks it (Luhn, brand, expiry, CVV), reports states
 * (never data) to the SDK, and on the SDK's request sends the card straight to the client API on its
 * own origin, answering only a ccTempToken, masked details or a payment result.
 * Messages: accepted only from the parent window with the merchant origin `mo`; posted only to `mo`.
 * Several fields of one group (`g`: ccNumber, ccExpiration, ccCvc) find each other on a
 * BroadcastChannel, which only pages of the gateway's origin can join.
 */
import {
  blockingNeedsLookup,
  brandOf,
  type CardData,
  createTransport,
  cvvState,
  digitsOf,
  expiryState,
  type FieldConfig,
  type FieldState,
  type FieldStyle,
  type FieldType,
  FIELD_TYPES,
  type FromField,
  isBlocked,
  isMessage,
  isOrigin,
  maxDigits,
  numberState,
  type NumberState,
  parseExpiry,
  payWithCard,
  resultOf,
  systemNow,
  TAG,
  type ToField,
} from '@gatehouse/protocol';

type Part = 'number' | 'exp' | 'cvc' | 'name';

const query = new URLSearchParams(window.location.search);
const type = (query.get('type') ?? 'card') as FieldType;
const merchantOrigin = query.get('mo') ?? '';
const group = (query.get('g') ?? '').replace(/[^0-9a-f]/g, '').slice(0, 32);
const transport = createTransport(window.location.origin);

let config: FieldConfig | undefined;
const inputs: Partial<Record<Part, HTMLInputElement>> = {};
const touched: Partial<Record<Part, boolean>> = {};
let focused = false;
let siblingBrand: string | undefined;
const challengeWaiters = new Map<number, (outcome: 'done' | 'cancelled') => void>();

function post(msg: FromField): void {
  window.parent.postMessage(msg, merchantOrigin);
}

// ------------------------------------------------------------------------------------------------
// Inputs

const PART_SPEC: Record<
  Part,
  { autocomplete: string; name: string; label: string; placeholder: string; inputmode: string; maxLength: number }
> = {
  number: {
    autocomplete: 'cc-number',
    name: 'cardnumber',
    label: 'Card number',
    placeholder: '1234 1234 1234 1234',
    inputmode: 'numeric',
    maxLength: 23,
  },
  exp: {
    autocomplete: 'cc-exp',
    name: 'exp-date',
    label: 'Expiration date',
    placeholder: 'MM/YY',
    inputmode: 'numeric',
    maxLength: 7,
  },
  cvc: {
    autocomplete: 'cc-csc',
    name: 'cvc',
    label: 'Security code',
    placeholder: 'CVC',
    inputmode: 'numeric',
    maxLength: 4,
  },
  name: {
    autocomplete: 'cc-name',
    name: 'ccname',
    label: 'Name on card',
    placeholder: 'Name on card',
    inputmode: 'text',
    maxLength: 70,
  },
};

const PARTS_OF: Record<FieldType, Part[]> = {
  card: ['number', 'exp', 'cvc'],
  ccNumber: ['number'],
  ccExpiration: ['exp'],
  ccCvc: ['cvc'],
};

function makeInput(part: Part, placeholder?: string): HTMLInputElement {
  const spec = PART_SPEC[part];
  const input = document.createElement('input');
  input.type = 'text';
  input.id = `gh-${part}`;
  input.name = spec.name;
  input.setAttribute('autocomplete', spec.autocomplete);
  input.setAttribute('inputmode', spec.inputmode);
  input.setAttribute('aria-label', spec.label);
  input.placeholder = placeholder ?? spec.placeholder;
  input.maxLength = spec.maxLength;
  input.spellcheck = false;
  input.className = `gh-input gh-${part}`;
  // digits read left to right in every script: a right-to-left form keeps the number's groups, the
  // expiry and the CVV in order (isolated; the holder's name follows the page's direction)
  if (part !== 'name') input.dir = 'ltr';
  input.setAttribute('aria-required', 'true');
  input.addEventListener('input', () => onInput(part));
  input.addEventListener('focus', () => setFocus(true));
  input.addEventListener('blur', () => {
    touched[part] = true;
    setFocus(false);
  });
  input.addEventListener('paste', (e) => {
    if (part === 'number' && config?.blockPasteCard) e.preventDefault();
  });
  return input;
}

function render(): void {
  document.getElementById('form')?.addEventListener('submit', (e) => e.preventDefault());
  const row = document.getElementById('row')!;
  for (const part of PARTS_OF[type]) {
    const input = makeInput(part);
    inputs[part] = input;
    row.append(input);
  }
}

function addNameInput(): void {
  if (inputs.name || type !== 'card') return;
  const input = makeInput('name');
  inputs.name = input;
  document.getElementById('row')!.prepend(input);
}

function addCvvIcon(): void {
  const icon = config?.cvvIcon;
  if (!icon || !inputs.cvc || document.getElementById('gh-cvv-icon')) return;
  const span = document.createElement('span');
  span.id = 'gh-cvv-icon';
  span.className = `gh-cvv-icon ${typeof icon === 'object' && icon.tooltipPosition === 'bottom' ? 'gh-tip-bottom' : 'gh-tip-top'}`;
  span.title = 'The 3 digits on the back of your card (4 on the front for American Express)';
  span.setAttribute('aria-hidden', 'true');
  if (typeof icon === 'object' && icon.backgroundImage)
    span.style.backgroundImage = `url("${icon.backgroundImage.replace(/["\\\n]/g, '')}")`;
  inputs.cvc.after(span);
}

// ------------------------------------------------------------------------------------------------
// Styles: an allow-list of CSS properties, applied by the CSSOM (no inline style sheet needed)

const STYLE_PROPS = new Set([
  'color',
  'fontFamily',
  'fontSize',
  'fontStyle',
  'fontWeight',
  'fontVariant',
  'letterSpacing',
  'lineHeight',
  'textAlign',
  'textTransform',
  'textShadow',
  'backgroundColor',
  'padding',
  'border',
  'borderColor',
  'borderRadius',
  'borderWidth',
  'borderStyle',
  'caretColor',
  'height',
  'opacity',
  'outline',
]);

function applyStyle(rules: Record<string, string> | undefined, input: HTMLInputElement): void {
  if (!rules) return;
  for (const [k, v] of Object.entries(rules)) {
    if (!STYLE_PROPS.has(k) || typeof v !== 'string' || /url\(|expression|[<>{};]/i.test(v)) continue;
    (input.style as unknown as Record<string, string>)[k] = v;
  }
}

function restyle(): void {
  const style: FieldStyle = config?.style ?? {};
  const states = partStates();
  for (const [part, input] of Object.entries(inputs) as Array<[Part, HTMLInputElement]>) {
    input.removeAttribute('style');
    applyStyle(style.base, input);
    const s = states[part];
    if (s?.state === 'empty') applyStyle(style.empty, input);
    if (s?.state === 'complete') applyStyle(style.complete, input);
    if (s && showInvalid(part, s.state)) applyStyle(style.invalid, input);
    if (document.activeElement === input) applyStyle(style.focus, input);
    const invalid = !!s && showInvalid(part, s.state);
    input.classList.toggle('gh-invalid', invalid);
    input.setAttribute('aria-invalid', invalid ? 'true' : 'false');
  }
}

// ------------------------------------------------------------------------------------------------
// State

/** blockCards, and the cardWhitelist of checkout() (a card must match one of its lists), by brand. */
function notAccepted(brand: string): boolean {
  if (isBlocked(config?.blockCards, { brand })) return true;
  const allow = config?.cardWhitelist;
  if (!allow || allow.length === 0) return false;
  // decided by the brand alone only when every list names a brand alone (else after the BIN lookup)
  if (allow.some((l) => l.length !== 1)) return false;
  return !isBlocked(allow, { brand });
}

function numberValue(): string {
  return digitsOf(inputs.number?.value ?? '');
}

function partStates(): Partial<Record<Part, { state: NumberState; reason?: string }>> {
  const now = systemNow();
  const support19 = config?.support19Digits === true;
  const out: Partial<Record<Part, { state: NumberState; reason?: string }>> = {};
  if (inputs.number) {
    out.number = numberState(inputs.number.value, support19);
    const brand = brandOf(numberValue());
    if (brand && out.number.state !== 'empty' && notAccepted(brand.id)) {
      out.number = { state: 'invalid', reason: `${brand.label} cards are not accepted` };
    }
  }
  if (inputs.exp) out.exp = expiryState(inputs.exp.value, now);
  if (inputs.cvc) {
    const numberForCvv = inputs.number ? numberValue() : siblingBrand === 'amex' ? '34' : '4';
    out.cvc = cvvState(inputs.cvc.value, inputs.number || siblingBrand ? numberForCvv : '');
  }
  if (inputs.name) out.name = inputs.name.value.trim() === '' ? { state: 'empty' } : { state: 'complete' };
  return out;
}

/** An incomplete input is shown invalid only once the cardholder has left it. */
const showInvalid = (part: Part, state: NumberState) =>
  state === 'invalid' || (state === 'incomplete' && touched[part] === true);

function fieldState(): FieldState {
  const states = partStates();
  const parts: NonNullable<FieldState['parts']> = {};
  let error: string | undefined;
  for (const [part, s] of Object.entries(states) as Array<[Part, { state: NumberState; reason?: string }]>) {
    const invalid = showInvalid(part, s.state);
    parts[part] = {
      empty: s.state === 'empty',
      complete: s.state === 'complete',
      invalid,
      ...(invalid && s.reason ? { error: s.reason } : {}),
    };
    if (invalid && !error) error = s.reason;
  }
  const required = Object.entries(parts).filter(([p]) => p !== 'name');
  const brand = inputs.number ? brandOf(numberValue())?.id : undefined;
  return {
    type,
    empty: required.every(([, p]) => p.empty),
    complete: required.every(([, p]) => p.complete),
    invalid: required.some(([, p]) => p.invalid),
    focus: focused,
    ...(brand ? { brand } : {}),
    ...(error ? { error } : {}),
    parts,
  };
}

let lastSent = '';
function report(): void {
  restyle();
  const state = fieldState();
  const text = JSON.stringify(state);
  if (text === lastSent) return;
  lastSent = text;
  post({ tag: TAG, kind: 'change', state });
}

function setFocus(on: boolean): void {
  focused = on ? true : Object.values(inputs).some((i) => i === document.activeElement);
  report();
}

function formatNumber(value: string): string {
  const max = maxDigits(digitsOf(value), config?.support19Digits === true);
  const digits = value.replace(/\D/g, '').slice(0, max);
  const brand = brandOf(digits);
  const groups = brand?.id === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let i = 0;
  for (const g of groups) {
    if (i >= digits.length) break;
    out.push(digits.slice(i, i + g));
    i += g;
  }
  return out.join(' ');
}

function formatExpiry(value: string, deleting: boolean): string {
  const digits = value.replace(/\D/g, '').slice(0, 6);
  if (digits.length <= 2) return deleting || digits.length < 2 ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

function onInput(part: Part): void {
  const input = inputs[part]!;
  if (part === 'number') {
    input.value = formatNumber(input.value);
    channel?.postMessage({ kind: 'brand', brand: brandOf(numberValue())?.id ?? null });
  } else if (part === 'exp') {
    const wasSlash = input.value.endsWith('/');
    input.value = formatExpiry(input.value, !wasSlash && input.value.length < (input.dataset.prev ?? '').length);
    input.dataset.prev = input.value;
  } else if (part === 'cvc') {
    input.value = input.value.replace(/\D/g, '').slice(0, 4);
  }
  report();
}

// ------------------------------------------------------------------------------------------------
// Group: the sibling fields of one card (same gateway origin only)

const channel =
  group && typeof BroadcastChannel !== 'undefined' && type !== 'card'
    ? new BroadcastChannel(`gatehouse-fields-${group}`)
    : undefined;
const collectWaiters = new Map<string, (parts: Partial<Record<Part, string>>) => void>();

channel?.addEventListener('message', (event: MessageEvent) => {
  const data = event.data as {
    kind?: string;
    nonce?: string;
    brand?: string | null;
    values?: Partial<Record<Part, string>>;
  };
  if (data.kind === 'brand') {
    siblingBrand = data.brand ?? undefined;
    report();
  } else if (data.kind === 'collect' && typeof data.nonce === 'string' && type !== 'ccNumber') {
    const values: Partial<Record<Part, string>> = {};
    if (inputs.exp) values.exp = inputs.exp.value;
    if (inputs.cvc) values.cvc = inputs.cvc.value;
    channel.postMessage({ kind: 'values', nonce: data.nonce, values });
  } else if (data.kind === 'values' && typeof data.nonce === 'string') {
    collectWaiters.get(data.nonce)?.(data.values ?? {});
  }
});

/** Expiry and CVV from this page or, for a ccNumber field, from its sibling frames. */
async function collectParts(): Promise<Partial<Record<Part, string>>> {
  const own: Partial<Record<Part, string>> = {};
  for (const [p, input] of Object.entries(inputs) as Array<[Part, HTMLInputElement]>) own[p] = input.value;
  if (!channel || type !== 'ccNumber') return own;
  const nonceBytes = new Uint8Array(8);
  crypto.getRandomValues(nonceBytes);
  const nonce = Array.from(nonceBytes, (b) => b.toString(16)).join('');
  const merged = { ...own };
  await new Promise<void>((resolve) => {
    let answers = 0;
    const timer = window.setTimeout(resolve, 1500);
    collectWaiters.set(nonce, (values) => {
      Object.assign(merged, values);
      answers++;
      if (merged.exp !== undefined && merged.cvc !== undefined) {
        window.clearTimeout(timer);
        resolve();
      }
      if (answers > 4) resolve();
    });
    channel.postMessage({ kind: 'collect', nonce });
  });
  collectWaiters.delete(nonce);
  return merged;
}

// ------------------------------------------------------------------------------------------------
// Requests from the SDK

const fail = (errCode: number, errorDescription: string) => ({ result: 'ERROR', errCode, errorDescription });

async function cardFrom(
  params: Record<string, unknown>,
  needCvv: boolean,
): Promise<CardData | Record<string, unknown>> {
  for (const p of Object.keys(inputs) as Part[]) touched[p] = true;
  report();
  const values = await collectParts();
  const now = systemNow();
  const number = digitsOf(values.number ?? '');
  const ns = numberState(number, config?.support19Digits === true);
  if (ns.state !== 'complete') return fail(1004, ns.reason ?? 'Card number is invalid');
  const es = expiryState(values.exp ?? '', now);
  if (es.state !== 'complete') return fail(1029, es.reason ?? 'Expiration date is missing');
  const cs = cvvState(values.cvc ?? '', number);
  const cvvOptional = params.alwaysCollectCvv === 'optional' || params.alwaysCollectCvv === false;
  if (cs.state !== 'complete' && (needCvv || cs.state !== 'empty') && !(cvvOptional && cs.state === 'empty')) {
    return fail(1062, cs.reason ?? 'CVV is missing');
  }
  const billing = params.billingAddress as Record<string, unknown> | undefined;
  const holder =
    (values.name ?? '').trim() ||
    (typeof params.cardHolderName === 'string' ? params.cardHolderName : '') ||
    [billing?.firstName, billing?.lastName].filter((v) => typeof v === 'string' && v).join(' ');
  if (!holder) return fail(1004, 'cardHolderName is required');
  const expiry = parseExpiry(values.exp ?? '')!;
  return {
    cardNumber: number,
    cardHolderName: holder.slice(0, 70),
    expirationMonth: expiry.month,
    expirationYear: expiry.year,
    ...(cs.state === 'complete' ? { CVV: (values.cvc ?? '').trim() } : {}),
  };
}

const isCard = (v: CardData | Record<string, unknown>): v is CardData => typeof (v as CardData).cardNumber === 'string';

/** blockCards by the issuer data (card type, prepaid, country): asks the gateway's BIN data when needed. */
async function blockedByIssuer(sessionToken: string, number: string): Promise<Record<string, unknown> | undefined> {
  const rules = config?.blockCards ?? [];
  const brand = brandOf(number)?.id;
  if (brand && notAccepted(brand)) return fail(1004, 'This card brand is not accepted');
  const allow = config?.cardWhitelist ?? [];
  if (!blockingNeedsLookup(rules) && !blockingNeedsLookup(allow)) return undefined;
  const info = await transport('getCardDetails', { sessionToken, cardNumber: number });
  if (info.status === 'ERROR')
    return config?.strictCardBlocking ? fail(1004, 'The card could not be recognised') : undefined;
  const attrs = {
    ...(brand ? { brand } : {}),
    ...(typeof info.cardType === 'string' ? { cardType: info.cardType } : {}),
    ...(typeof info.isPrepaid === 'boolean' ? { isPrepaid: info.isPrepaid } : {}),
    ...(typeof info.issuerCountry === 'string' ? { issuerCountry: info.issuerCountry } : {}),
  };
  if (allow.length > 0 && !isBlocked(allow, attrs)) return fail(1004, 'This card is not accepted');
  return isBlocked(rules, attrs) ? fail(1004, 'This card is not accepted') : undefined;
}

const PASS = [
  'sessionToken',
  'billingAddress',
  'clientUniqueId',
  'savePM',
  'selectedBrand',
  'amount',
  'currency',
  'currencyConversion',
  'userDetails',
  'shippingAddress',
  'merchantDetails',
];
const pick = (p: Record<string, unknown>, keys: readonly string[]) => {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (p[k] !== undefined) out[k] = p[k];
  return out;
};

async function handle(id: number, op: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const sessionToken = typeof params.sessionToken === 'string' ? params.sessionToken : (config?.sessionToken ?? '');
  switch (op) {
    case 'pay': {
      const card = await cardFrom(params, params.alwaysCollectCvv !== 'optional');
      if (!isCard(card)) return card;
      const blocked = await blockedByIssuer(sessionToken, card.cardNumber);
      if (blocked) return blocked;
      const notificationURL = `${window.location.origin}/hosted/v1/three-d/complete?mo=${encodeURIComponent(merchantOrigin)}`;
      return payWithCard(transport, { ...pick(params, PASS), sessionToken }, card, notificationURL, (acsUrl, cReq) => {
        post({ tag: TAG, kind: 'challenge', id, acsUrl, cReq });
        return new Promise((resolve) => challengeWaiters.set(id, resolve));
      });
    }
    case 'tokenize': {
      const card = await cardFrom(params, false);
      if (!isCard(card)) return card;
      return resultOf(
        await transport('getToken', { sessionToken, cardData: card, ...pick(params, ['billingAddress']) }),
      );
    }
    case 'addCardUpo': {
      const card = await cardFrom(params, false);
      if (!isCard(card)) return card;
      // blockCards holds for a card saved (a withdrawal's payout card) as for one paid with
      const blocked = await blockedByIssuer(sessionToken, card.cardNumber);
      if (blocked) return blocked;
      return resultOf(await transport('addCardUpo', { sessionToken, card, ...pick(params, ['billingAddress']) }));
    }
    case 'payUpo': {
      // a stored card (checkout): only its CVV is typed here, the rest is in the vault
      const cvv = (inputs.cvc?.value ?? '').trim();
      touched.cvc = true;
      report();
      if (!/^\d{3,4}$/.test(cvv) && !(params.alwaysCollectCvv === 'optional' && cvv === '')) {
        return fail(1062, cvv === '' ? 'CVV is missing' : 'CVV is invalid');
      }
      const paymentOption = {
        userPaymentOptionId: String(params.userPaymentOptionId ?? ''),
        ...(cvv ? { card: { CVV: cvv } } : {}),
      };
      return resultOf(await transport('createPayment', { ...pick(params, PASS), sessionToken, paymentOption }));
    }
    case 'cardDetails':
    case 'dcc': {
      const number = numberValue();
      const ns = numberState(number, config?.support19Digits === true);
      if (ns.state !== 'complete') return fail(1004, ns.reason ?? 'Card number is invalid');
      const body = {
        ...pick(params, ['clientUniqueId', 'clientRequestId', 'currency', 'country']),
        sessionToken,
        cardNumber: number,
      };
      return resultOf(await transport(op === 'dcc' ? 'getDccDetails' : 'getCardDetails', body));
    }
    default:
      return fail(1019, `Unknown request ${op}`);
  }
}

function onMessage(event: MessageEvent): void {
  if (event.origin !== merchantOrigin || event.source !== window.parent || !isMessage(event.data)) return;
  const msg = event.data as ToField;
  switch (msg.kind) {
    case 'config': {
      config = msg.config;
      if (config.showCardHolderName) addNameInput();
      if (config.lang) document.documentElement.lang = config.lang.slice(0, 8);
      if (config.dir === 'rtl' || config.dir === 'ltr') document.documentElement.dir = config.dir;
      if (config.maskCvv && inputs.cvc) inputs.cvc.type = 'password';
      for (const [part, input] of Object.entries(inputs) as Array<[Part, HTMLInputElement]>) {
        const key = { number: 'ccNumber', exp: 'ccExpiration', cvc: 'ccCvc', name: 'cardHolderName' }[part];
        const ph = config.placeholders[key] ?? (type !== 'card' ? config.placeholders[type] : undefined);
        if (typeof ph === 'string') input.placeholder = ph.slice(0, 40);
        const label = config.labels?.[key];
        if (typeof label === 'string' && label) input.setAttribute('aria-label', label.slice(0, 80));
        if (part === 'number') input.maxLength = config.support19Digits ? 23 : 19;
      }
      addCvvIcon();
      lastSent = '';
      report();
      break;
    }
    case 'request': {
      if (!config || typeof msg.id !== 'number') return;
      const params = msg.params !== null && typeof msg.params === 'object' ? msg.params : {};
      void handle(msg.id, msg.op, params)
        .catch(() => fail(1000, 'General error'))
        .then((result) => post({ tag: TAG, kind: 'response', id: msg.id, result }));
      break;
    }
    case 'challenge-done': {
      const resolve = challengeWaiters.get(msg.id);
      challengeWaiters.delete(msg.id);
      resolve?.(msg.cancelled ? 'cancelled' : 'done');
      break;
    }
    case 'clear':
      for (const input of Object.values(inputs)) input.value = '';
      for (const p of Object.keys(touched) as Part[]) touched[p] = false;
      report();
      break;
    case 'focus':
      (inputs.number ?? inputs.exp ?? inputs.cvc)?.focus();
      break;
    default:
      break;
  }
}

function start(): void {
  if (!isOrigin(merchantOrigin) || !FIELD_TYPES.includes(type) || window.parent === window) {
    document.body.textContent = 'This page is a Gatehouse card field: it must be embedded by the Web SDK.';
    return;
  }
  render();
  window.addEventListener('message', onMessage);
  post({ tag: TAG, kind: 'ready', height: Math.max(document.documentElement.scrollHeight, 40) });
}

start();
