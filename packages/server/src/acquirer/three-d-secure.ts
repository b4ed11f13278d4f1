import type { ThreeDFlow, ThreeDResult } from '../domain/payments/acquirer.port.js';
import { digestOf, uuidOf } from './derive.js';
import { findTestCard, isApprovingCard, nameTrigger } from './test-cards.js';

/**
 * The simulated 3-D Secure 2 directory server and ACS.
 *
 * Flow: a row of the test-card table decides (challenge, frictionless, challenge then decline);
 * a cardholder name `CL-BRW1`/`CL-BRW2` forces a challenge and `FL-BRW1`/`FL-BRW2` a frictionless
 * flow on any approving card (the approving rows and every number outside the table); any other
 * card is `not-enrolled`.
 *
 * Results: ECI by scheme family (docs/testing.md, 3-D Secure): Mastercard and Maestro use 02 authenticated /
 * 01 attempted / 00 not authenticated; every other brand (Visa, American Express, Discover, JCB,
 * ...) 05 / 06 / 07. The CAVV is 20 bytes (28 base64 characters) and the dsTransID a UUID, both
 * derived from the card, and for a frictionless authentication also from the amount and currency.
 * The challenge flow's dsTransID depends on the card only, so the ARes (`C`) and the final result
 * of one challenge carry the same dsTransID.
 */

export const THREE_D_VERSION = '2.2.0' as const;

const MASTERCARD_FAMILY = new Set(['Mastercard', 'Maestro']);

export type EciOutcome = 'authenticated' | 'attempted' | 'failed';

export function eciFor(brand: string, outcome: EciOutcome): string {
  const mastercard = MASTERCARD_FAMILY.has(brand);
  switch (outcome) {
    case 'authenticated':
      return mastercard ? '02' : '05';
    case 'attempted':
      return mastercard ? '01' : '06';
    case 'failed':
      return mastercard ? '00' : '07';
  }
}

/** The 3-D Secure flow for a card number (digits) and cardholder name. */
export function decideThreeDFlow(number: string, holderName: string | undefined): ThreeDFlow {
  const row = findTestCard(number);
  const trigger = nameTrigger(holderName);
  if (trigger !== undefined && isApprovingCard(number)) return trigger;
  return row?.threeD ?? 'not-enrolled';
}

/** A 28-character base64 CAVV (20 bytes) derived from the inputs. */
export function cavvOf(...parts: readonly (string | number)[]): string {
  return digestOf('3ds-cavv', ...parts)
    .subarray(0, 20)
    .toString('base64');
}

/** Frictionless authentication: the issuer authenticates without the cardholder (status Y). */
export function frictionlessResult(number: string, brand: string, amount: number, currency: string): ThreeDResult {
  return {
    status: 'Y',
    eci: eciFor(brand, 'authenticated'),
    cavv: cavvOf('frictionless', number, amount, currency),
    dsTransID: uuidOf('3ds-ds-trans-id', 'frictionless', number, amount, currency),
    isLiabilityOnIssuer: true,
    version: THREE_D_VERSION,
  };
}

/** The authentication response (ARes) when a challenge is required: status C, no ECI or CAVV yet. */
export function challengeRequiredResult(number: string): ThreeDResult {
  return {
    status: 'C',
    eci: '',
    cavv: '',
    dsTransID: challengeDsTransId(number),
    isLiabilityOnIssuer: false,
    version: THREE_D_VERSION,
  };
}

/** A card not enrolled in 3-D Secure: authentication unavailable (status U), no liability shift. */
export function notEnrolledResult(number: string, brand: string, amount: number, currency: string): ThreeDResult {
  return {
    status: 'U',
    eci: eciFor(brand, 'failed'),
    cavv: '',
    dsTransID: uuidOf('3ds-ds-trans-id', 'not-enrolled', number, amount, currency),
    isLiabilityOnIssuer: false,
    version: THREE_D_VERSION,
  };
}

/** The result of a challenge: completed → Y with liability shift; failed or abandoned → N. */
export function challengeOutcome(number: string, brand: string, completed: boolean): ThreeDResult {
  if (completed) {
    return {
      status: 'Y',
      eci: eciFor(brand, 'authenticated'),
      cavv: cavvOf('challenge', number),
      dsTransID: challengeDsTransId(number),
      isLiabilityOnIssuer: true,
      version: THREE_D_VERSION,
    };
  }
  return {
    status: 'N',
    eci: eciFor(brand, 'failed'),
    cavv: '',
    dsTransID: challengeDsTransId(number),
    isLiabilityOnIssuer: false,
    version: THREE_D_VERSION,
  };
}

function challengeDsTransId(number: string): string {
  return uuidOf('3ds-ds-trans-id', 'challenge', number);
}

/**
 * What the directory server answers when the gateway asks to authenticate without a challenge:
 * Y for a frictionless flow, C (challenge required) for a challenge flow, U for a card not enrolled.
 */
export function authenticationResponse(
  flow: ThreeDFlow,
  number: string,
  brand: string,
  amount: number,
  currency: string,
): ThreeDResult {
  switch (flow) {
    case 'frictionless':
      return frictionlessResult(number, brand, amount, currency);
    case 'challenge':
    case 'challenge-then-decline':
      return challengeRequiredResult(number);
    case 'not-enrolled':
      return notEnrolledResult(number, brand, amount, currency);
  }
}
