import type { Secret } from '../../lib/secret.js';

/**
 * The acquirer port (DESIGN.md): everything the payments domain asks of an acquirer. The simulated
 * acquirer in `src/acquirer/` implements it deterministically from the test-card table of
 * ADR 0301 and ADR 0350; a real connector would implement the same interface. Amounts are minor units.
 */

export interface CardInput {
  number: Secret<string>;
  holderName: string;
  expMonth: number;
  /** four digits */
  expYear: number;
  /** absent when a stored card is used without CVV */
  cvv?: Secret<string>;
  /** the brand the cardholder chose for a co-badged card (docs/decisions/0413); absent: the primary */
  selectedBrand?: string;
}

/** What BIN data tells about a card number; never holds the full number. */
export interface CardInfo {
  bin: string;
  last4: string;
  /** e.g. `4761********1390` */
  masked: string;
  /** Visa, Mastercard, American Express, Discover, ... */
  brand: string;
  /** the second scheme of a co-badged card (Cartes Bancaires, eftpos, ...); absent when none */
  secondaryBrand?: string;
  /** Credit or Debit */
  cardType: 'Credit' | 'Debit';
  issuerCountry: string;
  issuerBankName: string;
  currency: string;
  isPrepaid: boolean;
  dccAllowed: boolean;
}

export interface BillingInfo {
  zip?: string;
  country?: string;
}

export interface AuthorizeRequest {
  /** gateway transaction id, already persisted as pending before the call */
  transactionId: string;
  kind: 'Auth' | 'PreAuth' | 'Sale';
  amount: number;
  currency: string;
  card: CardInput;
  billing?: BillingInfo;
  partialApproval: boolean;
  /** zero-amount authorisation reason, when amount is 0 */
  zeroAmountReason?: string;
  /** an authentication-only request authorised for 0 (docs/decisions/0362) */
  authenticationOnlyType?: string;
  /** the step of a rebilling plan: init, recurring, MIT, noShow, delayedCharges */
  rebill?: { step: string; expiry?: string; frequency?: number };
  /** a merchant-initiated repeat of a stored credential (session `isRebilling`) */
  isRebilling?: boolean;
  /** MCP: the amount the merchant priced in its own currency; `amount`/`currency` are the charge */
  currencyConversion?: { type: 'MCP'; originalAmount: number; originalCurrency: string };
  /** 3-D Secure result already obtained for this attempt */
  threeD?: ThreeDResult;
}

export type AuthorizeOutcome =
  | {
      status: 'approved';
      authCode: string;
      /** less than requested when partially approved */
      approvedAmount: number;
      cvv2Code: 'M' | 'N' | 'P' | 'U' | 'S';
      avsCode: string;
      externalTransactionId: string;
    }
  | {
      status: 'declined';
      reason: string;
      /** gateway / issuer code of the decline */
      code: string;
      cvv2Code: 'M' | 'N' | 'P' | 'U' | 'S';
      avsCode: string;
      externalTransactionId: string;
    }
  | { status: 'error'; reason: string; code: string };

export interface FollowUpRequest {
  transactionId: string;
  /** the authorisation, sale or settle this operation acts on */
  relatedExternalTransactionId: string;
  amount: number;
  currency: string;
}

export type FollowUpOutcome =
  | { status: 'approved'; authCode: string; externalTransactionId: string }
  | { status: 'declined' | 'error'; reason: string; code: string };

/** How 3-D Secure 2 goes for a card (decided before any authorisation). */
export type ThreeDFlow = 'frictionless' | 'challenge' | 'challenge-then-decline' | 'not-enrolled';

export interface ThreeDResult {
  /** Y authenticated, N not, A attempted, U unavailable, C challenge required, R rejected */
  status: 'Y' | 'N' | 'A' | 'U' | 'C' | 'R';
  eci: string;
  cavv: string;
  dsTransID: string;
  isLiabilityOnIssuer: boolean;
  version: '2.2.0';
}

export interface DccQuote {
  originalAmount: number;
  originalCurrency: string;
  amount: number;
  currency: string;
  /** rate including the markup, as a decimal string with 6 fraction digits */
  rateWithMarkup: string;
  /** markup percentage, e.g. `3.5` */
  markUp: string;
}

export interface PayoutRequest {
  transactionId: string;
  amount: number;
  currency: string;
  card: CardInput;
}

/** A payout to an APM account (a payout-capable method of the catalogue, docs/decisions/0502). */
export interface ApmPayoutRequest {
  transactionId: string;
  amount: number;
  currency: string;
  /** the method's name, e.g. `apmgw_BankPayout` */
  paymentMethod: string;
  /** the account data the UPO holds */
  data: Record<string, string>;
}

/** A method of the APM catalogue as the payments domain sees it (docs/decisions/0360). */
export interface ApmMethodInfo {
  name: string;
  flow: 'redirect' | 'direct' | 'async';
  depositCapable: boolean;
  payoutCapable: boolean;
  countries: readonly string[];
  currencies: readonly string[];
  /** the fields failing the catalogue's rules (required, regex, IBAN check), each with its English message */
  validate(
    data: Readonly<Record<string, string | undefined>>,
  ): Array<{ field: string; message: string; regex: string }>;
  /** the data as stored and shown: the method's fields only, account numbers masked but for their last 4 */
  mask(data: Readonly<Record<string, string | undefined>>): Record<string, string>;
}

export interface ApmPayRequest {
  transactionId: string;
  kind: 'Auth' | 'PreAuth' | 'Sale';
  amount: number;
  currency: string;
  method: string;
  /** the masked data (a UPO holds nothing more): the simulated rules read only what survives masking */
  data: Record<string, string>;
}

export type ApmOutcome =
  | { status: 'approved'; authCode: string; externalTransactionId: string }
  | { status: 'declined'; reason: string; code: string; externalTransactionId: string }
  | { status: 'error'; reason: string; code: string }
  /** the shopper must visit the method's page */
  | { status: 'redirect'; externalTransactionId: string }
  /** the method answers later (an operator completes it) */
  | { status: 'pending'; externalTransactionId: string };

export interface Acquirer {
  /** the APM of the catalogue named `name`, if any */
  apmMethod(name: string): ApmMethodInfo | undefined;
  /** starts an APM payment: direct methods answer at once, others redirect or stay pending */
  apmPay(req: ApmPayRequest): Promise<ApmOutcome>;
  /** the outcome of a redirect or asynchronous APM payment, decided by the shopper or an operator */
  apmComplete(req: { transactionId: string; outcome: 'approved' | 'declined' }): Promise<ApmOutcome>;
  cardInfo(number: Secret<string>): CardInfo | undefined;
  threeDFlow(card: CardInput): ThreeDFlow;
  authenticateFrictionless(card: CardInput, amount: number, currency: string): ThreeDResult;
  /** the result once the cardholder completes (`true`) or fails (`false`) a challenge */
  challengeResult(card: CardInput, completed: boolean): ThreeDResult;
  authorize(req: AuthorizeRequest): Promise<AuthorizeOutcome>;
  capture(req: FollowUpRequest): Promise<FollowUpOutcome>;
  refund(req: FollowUpRequest): Promise<FollowUpOutcome>;
  void(req: FollowUpRequest): Promise<FollowUpOutcome>;
  payout(req: PayoutRequest): Promise<AuthorizeOutcome>;
  /** can `paymentMethod` pay out in `currency`? (asked before a payout is persisted) */
  canPayOut(paymentMethod: string, currency: string): boolean;
  apmPayout(req: ApmPayoutRequest): Promise<AuthorizeOutcome>;
  dccQuote(amount: number, from: string, to: string, day: string): DccQuote;
  /** the rate day (`YYYY-MM-DD`) of the instant `at` (epoch ms): the day whose DCC rates apply then */
  dccDay(at: number): string;
  /** the currency of an issuer country the acquirer's BIN data knows (ISO 3166 alpha-2, upper case) */
  issuerCountryCurrency(country: string): string | undefined;
}
