import type { FlowState } from '../ui/payment-flow.machine.js';
import type { Method, Selection, Upo } from '../ui/method-catalogue.js';
import type { WithdrawalRequest } from '../ui/withdrawal-requests.js';

/**
 * The withdrawal component's model: what it shows (payout methods, saved ones, the user's requests)
 * and the state its controller keeps (controller.tsx). Pure types, no DOM.
 */

export type Obj = Record<string, unknown>;
export type CardPart = 'number' | 'exp' | 'cvc';

export interface WdState {
  /** the foundation's flow (docs/decisions/0424): loading → idle → validating → paying → final (pending) */
  flow: FlowState;
  methods: Method[];
  upos: Upo[];
  /** the user's requests, newest first (open ones and those the merchant moved since) */
  requests: WithdrawalRequest[];
  selected?: Selection | undefined;
  showAll: boolean;
  name: string;
  apmValues: Record<string, Record<string, string>>;
  /** the amount to withdraw (a decimal string) and what the user typed for it */
  amount: string;
  amountText: string;
  showErrors: boolean;
  status?: { tone: 'ok' | 'bad' | 'info'; text: string } | undefined;
  overlay: boolean;
  /** the card frames that have loaded, by slot; every frame shown has loaded */
  loadedFrames: string[];
  framesReady: boolean;
  /** the user's Pending requests have reached wdRequestsLimit */
  limitReached: boolean;
  /** the session has expired: the pop-up says so, and nothing more can be done */
  expired: boolean;
}

/** The open requests that count against wdRequestsLimit. */
export const openCount = (requests: WithdrawalRequest[]) => requests.filter((w) => w.status === 'Pending').length;
