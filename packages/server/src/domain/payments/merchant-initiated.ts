import { TransactionRefused, UnknownRelatedTransaction } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import { vaultCard } from '../payment-methods/card-vault.js';
import type { CardInput, ThreeDResult } from './acquirer.port.js';
import { THREE_D_VERSION } from './three-d-secure.types.js';
import type { Transaction } from './transaction.types.js';

/**
 * What a payment may rest on besides a cardholder present (docs/decisions/0141, 0142):
 * the 3-D Secure step it continues, an external MPI's result, or the first payment of a stored
 * credential that a merchant-initiated repeat repeats.
 */

/** External 3-D Secure data (`card.threeD.externalMpi`): the merchant's own MPI authenticated the cardholder. */
export interface ExternalMpi {
  eci: string;
  cavv: string;
  dsTransID?: string;
  xid?: string;
}

/**
 * The related transaction is not an approved 3-D Secure step (InitAuth3D, Auth3D, Sale3D) the caller may
 * continue: the session API answers it as the real gateway does, `status: SUCCESS` with
 * `transactionStatus: ERROR`, gwErrorCode -1100 and gwExtendedErrorCode 1271 (docs/gateway-facts.md).
 */
export class ThreeDStepRefused extends TransactionRefused {
  static readonly EXTENDED_CODE = 1271;
  static readonly REASON = 'The related transaction must be an approved InitAuth3D of the same merchant';
  constructor() {
    super('not an InitAuth3D', ThreeDStepRefused.REASON);
  }
}

/** Refuses (ThreeDStepRefused) unless `id` names an approved 3-D Secure step the caller reaches. */
export async function requireThreeDStep(
  deps: DomainDeps,
  id: string,
  mayReach: (t: Transaction) => boolean,
): Promise<Transaction> {
  const step = /^\d{1,20}$/.test(id) ? await deps.storage.read.payments.find(id) : undefined;
  const isStep = step?.type === 'InitAuth3D' || step?.type === 'Auth3D' || step?.type === 'Sale3D';
  if (!step || !isStep || step.status !== 'approved' || !mayReach(step)) throw new ThreeDStepRefused();
  return step;
}

/**
 * dynamic3D's `relatedTransactionId` when it names an approved payment (Auth, PreAuth, Sale) of the
 * caller's site rather than a 3-D Secure step: clients send the earlier payment's id there, and the real
 * gateway runs the 3-D Secure payment with that link (docs/decisions/0154). Undefined otherwise.
 */
export async function linkedPaymentOf(
  deps: DomainDeps,
  id: string,
  mayReach: (t: Transaction) => boolean,
): Promise<Transaction | undefined> {
  const tx = /^\d{1,20}$/.test(id) ? await deps.storage.read.payments.find(id) : undefined;
  const isPayment = tx?.type === 'Auth' || tx?.type === 'PreAuth' || tx?.type === 'Sale';
  return tx && isPayment && tx.status === 'approved' && mayReach(tx) ? tx : undefined;
}

/**
 * The 3-D Secure result an external MPI reports, as the acquirer takes it: ECI 05/02 authenticated (Y,
 * liability on the issuer), 06/01 attempted (A), anything else not authenticated (U, no shift). Whether
 * its CAVV is one is the acquirer's call (docs/decisions/0142).
 */
export function externalMpiResult(mpi: ExternalMpi): ThreeDResult {
  const eci = mpi.eci.padStart(2, '0');
  const status = eci === '05' || eci === '02' ? 'Y' : eci === '06' || eci === '01' ? 'A' : 'U';
  return {
    status,
    eci,
    cavv: mpi.cavv,
    dsTransID: mpi.dsTransID ?? mpi.xid ?? '',
    isLiabilityOnIssuer: status === 'Y' || status === 'A',
    version: THREE_D_VERSION,
  };
}

/**
 * The first payment a merchant-initiated repeat names (docs/decisions/0143): an approved Auth, PreAuth or
 * Sale of the same merchant and site, with the same card. Anything else is an unknown related transaction.
 */
export async function requireFirstPayment(
  deps: DomainDeps,
  id: string,
  caller: { merchantId: string; siteId: string },
  card: CardInput,
): Promise<Transaction> {
  const first = /^\d{1,20}$/.test(id) ? await deps.storage.read.payments.find(id) : undefined;
  const paid = first?.type === 'Auth' || first?.type === 'PreAuth' || first?.type === 'Sale';
  if (
    !first ||
    !paid ||
    first.status !== 'approved' ||
    first.merchantId !== caller.merchantId ||
    first.siteId !== caller.siteId
  ) {
    throw new UnknownRelatedTransaction();
  }
  const now = deps.clock.now();
  const sameCard = await deps.storage.write(
    async (repos) => (await vaultCard(deps, repos, card, now)) === first.cardVaultId,
  );
  if (!sameCard) throw new UnknownRelatedTransaction();
  return first;
}
