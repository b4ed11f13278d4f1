import type { CardOutput, Transaction } from '../domain/payments/transaction.types.js';
import { processedBrandOf } from '../domain/payments/transaction.facts.js';
import { formatDecimal } from '../lib/money.js';

/** The parts of a transaction that the REST and session answers write alike. */

/** The 3-D Secure output of a card payment (`paymentOption.card.threeD`). */
export function threeDOutput(tx: Transaction): Record<string, string> | undefined {
  if (!tx.threeD) return undefined;
  const t = tx.threeD;
  return {
    eci: t.eci,
    cavv: t.cavv,
    dsTransID: t.dsTransID,
    version: t.version,
    result: t.status,
    isLiabilityOnIssuer: t.isLiabilityOnIssuer ? '1' : '0',
  };
}

/**
 * The members of a 3-D Secure result the session API's clients read besides eci, cavv, dsTransID,
 * version and result (docs/gateway-facts.md, "the 3-D payment answer"): what the simulated ACS knows,
 * empty where it has nothing to say.
 */
export function sessionThreeDResultMembers(tx: Transaction): Record<string, unknown> {
  const t = tx.threeD;
  if (!t) return {};
  const challenged = tx.type === 'Auth3D' || tx.type === 'Sale3D';
  const frictionless = t.status === 'Y' || t.status === 'A';
  return {
    threeDFlow: challenged ? '1' : frictionless ? '0' : '',
    flow: challenged ? 'challenge' : frictionless ? 'frictionless' : 'none',
    whiteListStatus: '',
    acsChallengeMandated: challenged ? 'Y' : 'N',
    authenticationType: challenged ? '01' : '',
    cardHolderInfoText: '',
    sdk: { acsSignedContent: '' },
    xid: '',
    acsTransID: '',
    threeDReasonId: '',
    isExemptionRequestInAuthentication: '0',
    challengePreferenceReason: '',
    acquirerDecision: '',
    decisionReason: '',
  };
}

/**
 * What the request passed to the acquirer beyond the card (docs/decisions/0362), echoed as
 * `additionalTransactionInfo` (string values; amounts in major units).
 */
export function additionalInfo(tx: Transaction): Record<string, string> | undefined {
  const o = tx.options;
  if (!o) return undefined;
  const out: Record<string, string> = {};
  if (o.rebill) {
    out.rebillStep = o.rebill.step;
    if (o.rebill.expiry) out.rebillExpiry = o.rebill.expiry;
    if (o.rebill.frequency !== undefined) out.rebillFrequency = String(o.rebill.frequency);
  }
  if (o.isRebilling !== undefined) out.isRebilling = o.isRebilling ? '1' : '0';
  if (o.zeroAmountReason) out.zeroAmountReason = o.zeroAmountReason;
  if (o.authenticationOnlyType) out.authenticationOnlyType = o.authenticationOnlyType;
  if (o.currencyConversion) {
    out.currencyConversionType = o.currencyConversion.type;
    out.originalAmount = formatDecimal(o.currencyConversion.originalAmount, o.currencyConversion.originalCurrency);
    out.originalCurrency = o.currencyConversion.originalCurrency;
  }
  return Object.keys(out).length ? out : undefined;
}

/** A co-badged card's second brand, and the brand the payment was processed with (docs/decisions/0413). */
export function brandFields(card: CardOutput): { secondaryBrand?: string; processedBrand: string } {
  return {
    ...(card.secondaryBrand ? { secondaryBrand: card.secondaryBrand } : {}),
    processedBrand: processedBrandOf(card),
  };
}
