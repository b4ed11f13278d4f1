import type { FlowState } from '../ui/payment-flow.machine.js';
import type { DccChoice, RecoveryOverride } from './payloads.js';
import type { Method, Selection, Upo } from '../ui/method-catalogue.js';
import type { WithdrawalRequest as PendingWithdrawal } from '../ui/withdrawal-requests.js';

export { type ApmFieldSpec, CARD, captionOf, type Method, type Selection, type Upo } from '../ui/method-catalogue.js';

/**
 * The checkout form's model: what it shows (methods, saved methods, the selection) and the state its
 * controller keeps (checkout.tsx). Pure types and helpers, no DOM.
 */

export type Obj = Record<string, unknown>;

/** A pending withdrawal request of the shopper (userTokenId), which the form offers to cancel. */
export type { WithdrawalRequest as PendingWithdrawal } from '../ui/withdrawal-requests.js';
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

export const PART_FIELDS = { number: 'ccNumber', exp: 'ccExpDate', cvc: 'ccCvc' } as const;

export const decimalOf = (v: string) => v.replace(',', '.').trim();
