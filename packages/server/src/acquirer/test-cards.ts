import type { ThreeDFlow } from '../domain/payments/acquirer.port.js';

/**
 * The test-card table of docs/testing.md, as data. The simulated acquirer answers every card from
 * this table; any other Luhn-valid number is approved. Merchants' test suites rely on each row, so
 * a change here is a change of the public contract.
 *
 * Decline and error codes are ISO 8583 (field 39) issuer response codes, the code a real acquirer
 * passes on; the reason strings are the gateway's (docs/testing.md).
 */

export type DeclineReason =
  | 'Decline'
  | 'Do Not Honor'
  | 'Insufficient Funds'
  | 'Expired Card'
  | 'Lost/Stolen Card'
  | 'CVV Mismatch'
  | 'Authentication Failed';

/** What the issuer answers for a card (before CVV, expiry and 3-D Secure checks). */
export type TestCardOutcome =
  | { kind: 'approve' }
  | {
      kind: 'decline';
      reason: DeclineReason;
      code: string;
      /** approved for half the amount when the request allows partial approval */
      partialApproval?: true;
    }
  /** declined with cvv2Code N whenever a CVV is sent */
  | { kind: 'cvv-mismatch' }
  | { kind: 'error' };

export interface TestCard {
  number: string;
  brand: string;
  cardType: 'Credit' | 'Debit';
  outcome: TestCardOutcome;
  /** the 3-D Secure 2 flow of the card when no name trigger applies */
  threeD: ThreeDFlow;
  description: string;
  /** a credit to the card (a payout, a refund without related transaction) declines with this instead */
  creditDecline?: { reason: string; code: string };
}

/** ISO 8583 response codes used by the simulated issuer. */
export const RESPONSE_CODES = {
  decline: '57',
  doNotHonor: '05',
  insufficientFunds: '51',
  expiredCard: '54',
  lostCard: '41',
  stolenCard: '43',
  cvvMismatch: 'N7',
  authenticationFailed: '05',
  invalidCardNumber: '14',
  invalidAmount: '13',
  systemMalfunction: '96',
  error: '06',
} as const;

/** How the real gateway declines a credit to 4000128449498204 (a payout or a refund without related transaction). */
export const CREDIT_EXTERNAL_ERROR = { reason: 'External Error in Processing', code: RESPONSE_CODES.error } as const;

/** The gateway error answered for 4000000000000119 (and for numbers that should never have been sent). */
export const GATEWAY_ERROR = { reason: 'Gateway Error', code: RESPONSE_CODES.systemMalfunction } as const;
export const INVALID_CARD_NUMBER = { reason: 'Invalid Card Number', code: RESPONSE_CODES.invalidCardNumber } as const;

const approve: TestCardOutcome = { kind: 'approve' };

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4761344136141390',
    brand: 'Visa',
    cardType: 'Debit',
    outcome: approve,
    threeD: 'not-enrolled',
    description: 'approved (Visa debit)',
  },
  {
    number: '4000027891380961',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: approve,
    threeD: 'not-enrolled',
    description: 'approved (Visa credit)',
  },
  {
    number: '5555555555554444',
    brand: 'Mastercard',
    cardType: 'Credit',
    outcome: approve,
    threeD: 'not-enrolled',
    description: 'approved (Mastercard)',
  },
  {
    number: '375510288656924',
    brand: 'American Express',
    cardType: 'Credit',
    outcome: approve,
    threeD: 'not-enrolled',
    description: 'approved (American Express)',
  },
  {
    number: '6011111111111117',
    brand: 'Discover',
    cardType: 'Credit',
    outcome: approve,
    threeD: 'not-enrolled',
    description: 'approved (Discover)',
  },
  {
    number: '4000128449498204',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: { kind: 'decline', reason: 'Decline', code: RESPONSE_CODES.decline },
    threeD: 'not-enrolled',
    description:
      'declined, Decline; a credit to it (payout, refund without related transaction): External Error in Processing',
    creditDecline: CREDIT_EXTERNAL_ERROR,
  },
  {
    number: '4000000000000002',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: { kind: 'decline', reason: 'Decline', code: RESPONSE_CODES.decline },
    threeD: 'not-enrolled',
    description: 'declined, Decline',
  },
  {
    number: '5333463046218753',
    brand: 'Mastercard',
    cardType: 'Credit',
    outcome: { kind: 'decline', reason: 'Do Not Honor', code: RESPONSE_CODES.doNotHonor },
    threeD: 'not-enrolled',
    description: 'declined, Do Not Honor',
  },
  {
    number: '4000000000009995',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: {
      kind: 'decline',
      reason: 'Insufficient Funds',
      code: RESPONSE_CODES.insufficientFunds,
      partialApproval: true,
    },
    threeD: 'not-enrolled',
    description: 'declined, Insufficient Funds; half approved with partial approval',
  },
  {
    number: '4000000000000069',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: { kind: 'decline', reason: 'Expired Card', code: RESPONSE_CODES.expiredCard },
    threeD: 'not-enrolled',
    description: 'declined, Expired Card',
  },
  {
    number: '4000000000009987',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: { kind: 'decline', reason: 'Lost/Stolen Card', code: RESPONSE_CODES.lostCard },
    threeD: 'not-enrolled',
    description: 'declined, Lost/Stolen Card (lost)',
  },
  {
    number: '4000000000009979',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: { kind: 'decline', reason: 'Lost/Stolen Card', code: RESPONSE_CODES.stolenCard },
    threeD: 'not-enrolled',
    description: 'declined, Lost/Stolen Card (stolen)',
  },
  {
    number: '4000000000000127',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: { kind: 'cvv-mismatch' },
    threeD: 'not-enrolled',
    description: 'declined, CVV mismatch (cvv2Code N)',
  },
  {
    number: '4000000000000119',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: { kind: 'error' },
    threeD: 'not-enrolled',
    description: 'gateway error',
  },
  {
    number: '2221008123677736',
    brand: 'Mastercard',
    cardType: 'Credit',
    outcome: approve,
    threeD: 'challenge',
    description: '3-D Secure challenge, then approved',
  },
  {
    number: '4000002760003184',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: approve,
    threeD: 'challenge',
    description: '3-D Secure challenge, then approved',
  },
  {
    number: '4000020951595032',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: approve,
    threeD: 'frictionless',
    description: '3-D Secure frictionless, approved',
  },
  {
    number: '4000000000003220',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: approve,
    threeD: 'frictionless',
    description: '3-D Secure frictionless, approved',
  },
  {
    number: '4000008400001629',
    brand: 'Visa',
    cardType: 'Credit',
    outcome: { kind: 'decline', reason: 'Decline', code: RESPONSE_CODES.decline },
    threeD: 'challenge-then-decline',
    description: '3-D Secure challenge, then declined',
  },
];

const BY_NUMBER: ReadonlyMap<string, TestCard> = new Map(TEST_CARDS.map((c) => [c.number, c]));

/** The row of the test-card table for `number` (digits only), if any. */
export function findTestCard(number: string): TestCard | undefined {
  return BY_NUMBER.get(number);
}

/** True when the issuer's answer for this card is an approval (the name triggers apply only to these). */
export function isApprovingCard(number: string): boolean {
  const card = findTestCard(number);
  return card === undefined || card.outcome.kind === 'approve';
}

/** 12 to 19 digits, nothing else. */
export function isCardNumberShape(number: string): boolean {
  return /^\d{12,19}$/.test(number);
}

/** The Luhn (mod 10) check over a string of 12 to 19 digits; false for anything else. */
export function luhnValid(number: string): boolean {
  if (!isCardNumberShape(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Cardholder-name triggers: `CL-BRW1`/`CL-BRW2` force a 3-D Secure challenge and `FL-BRW1`/`FL-BRW2`
 * a frictionless flow, on any approving card. Compared trimmed and case-insensitively.
 */
export const NAME_TRIGGERS: Readonly<Record<string, 'challenge' | 'frictionless'>> = {
  'CL-BRW1': 'challenge',
  'CL-BRW2': 'challenge',
  'FL-BRW1': 'frictionless',
  'FL-BRW2': 'frictionless',
};

export function nameTrigger(holderName: string | undefined): 'challenge' | 'frictionless' | undefined {
  if (holderName === undefined) return undefined;
  return NAME_TRIGGERS[holderName.trim().toUpperCase()];
}

/** The billing zip that makes AVS answer `N`. */
export const AVS_NO_MATCH_ZIP = '00000';

/** AVS by billing zip (docs/testing.md): `00000` gives `N` (neither matches), anything else `Y`. */
export function avsCodeFor(zip: string | undefined): 'Y' | 'N' {
  return zip !== undefined && zip.trim() === AVS_NO_MATCH_ZIP ? 'N' : 'Y';
}
