import { Secret } from '../../lib/secret.js';
import { Invalid } from '../errors.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { CardInput } from '../payments/acquirer.port.js';
import { checkCard } from '../payments/card.js';
import { CARD_NUMBER_PURPOSE, cardOutputOf, vaultCard } from './card-vault.js';
import type { CardOutput } from '../payments/transaction.types.js';
import type { Upo } from './ports.js';
import type { Transaction } from '../payments/transaction.types.js';

/**
 * Stored payment options (ADR 0323, docs/decisions/0323). A card UPO is a vault reference with
 * the masked card fields, owned by a userTokenId of a site. It is created by an approved card payment
 * with a userTokenId unless savePM says no (0148; the same card of the same user gives the same UPO), listed masked only,
 * deleted softly, and paid with (CVV optional: the acquirer answers cvv2Code P without one). A UPO
 * of another site or another user is unknown to the caller: errCode 1011.
 */

export const UPO_FIELD = 'userPaymentOptionId';
export const UPO_OPTION_FIELD = 'paymentOption.userPaymentOptionId';

export interface UpoOwner {
  merchantId: string;
  siteId: string;
  userTokenId: string;
}

/** The UPO of this card for the payment's user, made from an approved card payment. */
export async function saveCardUpo(deps: DomainDeps, owner: UpoOwner, tx: Transaction): Promise<Upo | undefined> {
  if (tx.status !== 'approved' || tx.cardVaultId === null || !tx.card) return undefined;
  return deps.storage.write((repos) => saveCardUpoIn(repos, owner, tx, deps.clock.now()));
}

/** `saveCardUpo` inside the caller's write (the one that records the payment's outcome). */
export async function saveCardUpoIn(
  repos: Repos,
  owner: UpoOwner,
  tx: Transaction,
  now: number,
): Promise<Upo | undefined> {
  if (tx.status !== 'approved' || tx.cardVaultId === null || !tx.card) return undefined;
  const card = tx.card;
  const fields = {
    ...card,
    expMonth: Number(card.expirationMonth),
    expYear: Number(card.expirationYear),
    holderName: card.cardHolderName,
  };
  return cardUpoIn(repos, owner, tx.cardVaultId, fields, now);
}

/**
 * A card stored as a UPO without a payment (Web SDK addCardUpo, docs/decisions/0404): the card goes to
 * the vault, the UPO keeps the masked fields.
 */
export async function addCardUpo(deps: DomainDeps, owner: UpoOwner, card: CardInput): Promise<Upo> {
  const now = deps.clock.now();
  checkCard(card, now);
  const out = cardOutputOf(deps, card);
  return deps.storage.write(async (repos) => {
    const vaultId = await vaultCard(deps, repos, card, now);
    return cardUpoIn(
      repos,
      owner,
      vaultId,
      { ...out, expMonth: card.expMonth, expYear: card.expYear, holderName: card.holderName },
      now,
    );
  });
}

/** In the caller's write: the user's UPO of a vaulted card, the one it has already or a new one. */
async function cardUpoIn(
  repos: Repos,
  owner: UpoOwner,
  vaultId: number,
  card: Pick<CardOutput, 'maskedCardNumber' | 'bin' | 'last4Digits' | 'cardBrand' | 'cardType'> & {
    expMonth: number;
    expYear: number;
    holderName: string;
  },
  now: number,
): Promise<Upo> {
  const existing = await repos.upos.findCard(owner.siteId, owner.userTokenId, vaultId);
  if (existing) return existing;
  return repos.upos.insert({
    ...owner,
    paymentMethod: 'cc_card',
    cardVaultId: vaultId,
    apmData: null,
    maskedNumber: card.maskedCardNumber,
    bin: card.bin,
    last4: card.last4Digits,
    brand: card.cardBrand,
    cardType: card.cardType,
    expMonth: card.expMonth,
    expYear: card.expYear,
    holderName: card.holderName,
    createdAt: now,
  });
}

async function ownedUpo(
  deps: DomainDeps,
  owner: Omit<UpoOwner, 'merchantId'>,
  id: string,
  field: string,
): Promise<Upo> {
  const upo = await deps.storage.read.upos.find(id);
  if (!upo || upo.deletedAt !== null || upo.siteId !== owner.siteId || upo.userTokenId !== owner.userTokenId) {
    throw new Invalid(field, 'is not a payment option of this user', 'stored_option');
  }
  return upo;
}

export async function listUpos(deps: DomainDeps, siteId: string, userTokenId: string): Promise<Upo[]> {
  return deps.storage.read.upos.list(siteId, userTokenId);
}

export async function deleteUpo(deps: DomainDeps, owner: Omit<UpoOwner, 'merchantId'>, id: string): Promise<void> {
  await ownedUpo(deps, owner, id, UPO_FIELD);
  const done = await deps.storage.write((repos) => repos.upos.markDeleted(id, deps.clock.now()));
  if (!done) throw new Invalid(UPO_FIELD, 'is not a payment option of this user', 'stored_option');
}

/**
 * The card of `paymentOption.userPaymentOptionId`, when the option names one: a live card UPO of the
 * payment's user on this site. `paymentOption.card.CVV` may come with it, for this payment only.
 */
export async function cardOfUpo(
  deps: DomainDeps,
  option: Record<string, unknown> | undefined,
  owner: { siteId: string; userTokenId: string | null | undefined },
): Promise<CardInput | undefined> {
  const id = option?.userPaymentOptionId;
  if (id === undefined) return undefined;
  if (typeof id !== 'string' && typeof id !== 'number')
    throw new Invalid(UPO_OPTION_FIELD, 'must be a numeric string', 'stored_option');
  if (!owner.userTokenId) throw new Invalid(UPO_OPTION_FIELD, 'needs the userTokenId it belongs to', 'stored_option');
  const upo = await ownedUpo(
    deps,
    { siteId: owner.siteId, userTokenId: owner.userTokenId },
    String(id),
    UPO_OPTION_FIELD,
  );
  // suspendUPO: a suspended UPO cannot pay until enableUPO
  if ((await deps.storage.read.upoAdmin.suspendedAt(upo.id)) !== null)
    throw new Invalid(UPO_OPTION_FIELD, 'is suspended', 'stored_option');
  if (upo.cardVaultId === null) throw new Invalid(UPO_OPTION_FIELD, 'is not a card', 'stored_option');
  const sealed = await deps.storage.read.upos.sealedNumber(upo.cardVaultId);
  if (sealed === undefined)
    throw new Invalid(UPO_OPTION_FIELD, 'is not a payment option of this user', 'stored_option');
  const card = option?.card as Record<string, unknown> | undefined;
  const cvv = card && typeof card === 'object' ? card.CVV : undefined;
  if (cvv !== undefined && typeof cvv !== 'string')
    throw new Invalid('paymentOption.card.CVV', 'must be 3 or 4 digits', 'card_cvv');
  return {
    number: deps.vault.open(sealed, CARD_NUMBER_PURPOSE),
    holderName: upo.holderName ?? '',
    expMonth: upo.expMonth ?? 0,
    expYear: upo.expYear ?? 0,
    ...(typeof cvv === 'string' ? { cvv: new Secret(cvv) } : {}),
  };
}

/** A UPO as getUserUPOs shows it: masked fields only. */
export function upoFields(u: Upo): Record<string, unknown> {
  if (u.cardVaultId === null && u.apmData !== null) {
    // an APM UPO (docs/decisions/0360): the method and its masked data
    return {
      userPaymentOptionId: u.id,
      paymentMethodName: u.paymentMethod,
      upoName: u.paymentMethod,
      upoRegistrationDate: new Date(u.createdAt).toISOString().slice(0, 10).replaceAll('-', ''),
      upoStatus: 'enabled',
      expiryDate: '',
      upoData: { ...u.apmData },
    };
  }
  const expMonth = u.expMonth === null ? '' : String(u.expMonth).padStart(2, '0');
  const expYear = u.expYear === null ? '' : String(u.expYear);
  return {
    userPaymentOptionId: u.id,
    paymentMethodName: u.paymentMethod,
    upoName: u.maskedNumber ?? u.paymentMethod,
    upoRegistrationDate: new Date(u.createdAt).toISOString().slice(0, 10).replaceAll('-', ''),
    upoStatus: 'enabled',
    expiryDate: expYear && expMonth ? `${expYear}${expMonth}` : '',
    upoData: {
      ccCardNumber: u.maskedNumber ?? '',
      bin: u.bin ?? '',
      last4Digits: u.last4 ?? '',
      ccExpMonth: expMonth,
      ccExpYear: expYear,
      cardHolderName: u.holderName ?? '',
      brand: u.brand ?? '',
      cardType: u.cardType ?? '',
    },
  };
}

/** `savePM`: true, `"true"` or `"1"` asks to store the card of an approved payment. */
export function savePmOf(v: unknown): boolean {
  return v === true || v === 'true' || v === '1' || v === 1;
}
