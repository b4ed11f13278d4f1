import type { FlowState } from '../ui/payment-flow.machine.js';
import type { DccChoice, RecoveryOverride } from './payloads.js';

/**
 * The checkout form's model: what it shows (methods, saved methods, the selection) and the state its
 * controller keeps (checkout.tsx). Pure types and helpers, no DOM.
 */

export type Obj = Record<string, unknown>;

export interface ApmFieldSpec {
  name: string;
  regex?: string;
  type?: string;
  caption?: Array<{ language: string; message: string }>;
  validationMessage?: Array<{ language: string; message: string }>;
}
export interface Method {
  id: string;
  label: string;
  logoURL?: string;
  fields: ApmFieldSpec[];
}
export interface Upo {
  id: string;
  method: string;
  label: string;
  expires?: string;
  isCard: boolean;
}
/** A pending withdrawal request of the shopper (userTokenId), which the form offers to cancel. */
export interface PendingWithdrawal {
  id: string;
  amount: string;
  currency: string;
}
export type Selection = { kind: 'method'; id: string } | { kind: 'upo'; id: string };
export type Phase = 'loading' | 'ready' | 'paying' | 'approved' | 'pending' | 'declined' | 'error' | 'refresh';
/** A phase after which no second payment may start: the form is replaced by its result. */
export const FINAL: ReadonlySet<Phase> = new Set(['approved', 'pending', 'refresh']);
export type CardPart = 'number' | 'exp' | 'cvc' | 'upoCvc';

/** The view's name for a state of the payment flow (the `data-phase` of the form). */
export function phaseOf(flow: FlowState): Phase {
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

export interface State {
  /** the payment flow (docs/decisions/0424): changed only through `go`, which the machine may refuse */
  flow: FlowState;
  /** its view name, kept with it */
  phase: Phase;
  methods: Method[];
  upos: Upo[];
  selected?: Selection | undefined;
  showAll: boolean;
  name: string;
  nationalId: string;
  promo: string;
  apmValues: Record<string, Record<string, string>>;
  save: boolean;
  installment: string;
  dcc?: (DccChoice & { full: boolean }) | undefined;
  dccAccepted: boolean;
  /** useDualBrand: the brands of a co-badged card typed in the number frame (primary first), and the choice */
  brands?: string[] | undefined;
  selectedBrand?: string | undefined;
  amount: string;
  amountText: string;
  showErrors: boolean;
  status?: { tone: 'ok' | 'bad' | 'info'; text: string } | undefined;
  /** after PENDING: what happens next (a bank transfer's own instructions) */
  next?: string | undefined;
  recovery?: RecoveryOverride | undefined;
  overlay: boolean;
  /** a saved method whose removal the shopper is asked to confirm */
  confirmDelete?: string | undefined;
  /** every frame the form shows has loaded (until then: skeletons, and the pay button disabled) */
  framesReady: boolean;
  /** the shopper's pending withdrawal requests (with the userTokenId option) */
  withdrawals: PendingWithdrawal[];
  /** the card frames that have loaded, by their slot name (ccNumber, ccExpiration, ccCvc, upoCvc) */
  loadedFrames: string[];
}

export const CARD = 'cc_card';
export const PART_FIELDS = { number: 'ccNumber', exp: 'ccExpDate', cvc: 'ccCvc' } as const;

export const decimalOf = (v: string) => v.replace(',', '.').trim();

export const upoLabelOf = (u: Obj): Upo => {
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

export const captionOf = (list: ApmFieldSpec['caption'], locale: string, fallback: string) =>
  list?.find((c) => c.language === locale)?.message ?? list?.find((c) => c.language === 'en')?.message ?? fallback;
