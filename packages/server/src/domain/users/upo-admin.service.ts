import { Secret } from '../../lib/secret.js';
import { type FieldSubject, Invalid } from '../errors.js';
import type { CardInput } from '../payments/acquirer.port.js';
import { CARD_FIELDS } from '../payments/card.js';
import { CARD_NUMBER_PURPOSE } from '../payment-methods/card-vault.js';
import type { Upo } from '../payment-methods/ports.js';
import { addCardUpo } from '../payment-methods/upos.service.js';
import type { DomainDeps } from '../ports.js';
import type { SessionContext } from '../sessions/session.types.js';
import { unknownUpo } from './errors.js';
import { findUser } from './user.service.js';

/**
 * Stored payment options managed by the merchant (docs/session-methods.md): cards and APM
 * accounts added to a user of the site, edited, suspended (a suspended UPO cannot pay) and enabled
 * again. Card numbers go to the vault; a UPO of another site or user is unknown (1011).
 */

/** The card fields of addUPOCreditCard, as this method names them (subjects as for a payment). */
const WIRE_CARD_FIELDS: Record<string, [string, FieldSubject]> = {
  [CARD_FIELDS.number]: ['ccCardNumber', 'card_number'],
  [CARD_FIELDS.expMonth]: ['ccExpMonth', 'card_expiry'],
  [CARD_FIELDS.expYear]: ['ccExpYear', 'card_expiry'],
};

function renamed(err: unknown): unknown {
  if (err instanceof Invalid && WIRE_CARD_FIELDS[err.field]) {
    const [field, subject] = WIRE_CARD_FIELDS[err.field]!;
    return new Invalid(field, err.rule, subject);
  }
  return err;
}

/** Four-digit year of `YY` or `YYYY`. */
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

export interface CardUpoInput {
  number: string;
  expMonth: string;
  expYear: string;
  holderName: string;
}

export interface AddedCardUpo {
  upo: Upo;
  /** stable per card number and site: the same card of two users gives the same value */
  uniqueCC: string;
  ccToken: string;
}

const mac32 = (deps: DomainDeps, purpose: string, data: string) =>
  deps.vault.mac(purpose, data).toString('hex').slice(0, 32);

/** The ccToken of a card UPO: `<upoId>-<tag>`, the tag a keyed MAC of its site and id (docs/decisions/0134). */
const ccTokenOf = (deps: DomainDeps, upo: Pick<Upo, 'id' | 'siteId'>) =>
  `${upo.id}-${mac32(deps, 'upo.cc-token', `${upo.siteId}:${upo.id}`)}`;

function cardRefs(deps: DomainDeps, ctx: SessionContext, upo: Upo, number: string) {
  return {
    uniqueCC: mac32(deps, 'upo.unique-cc', `${ctx.siteId}:${number}`),
    ccToken: ccTokenOf(deps, upo),
  };
}

/** Compares two texts in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** 1061: a ccToken that no card UPO of the caller's merchant answered. */
const unknownCcToken = () => new Invalid('ccToken', 'is not a card token of this merchant', 'card_token');

/**
 * The card UPO a ccToken names, when one of the caller's merchant answered it (any of its sites; a
 * deleted UPO's token still names its vaulted card); otherwise 1061, the same for every failure.
 */
async function upoOfCcToken(deps: DomainDeps, ctx: SessionContext, ccToken: string): Promise<Upo> {
  const m = /^(\d{1,20})-([0-9a-f]{32})$/.exec(ccToken);
  const upo = m ? await deps.storage.read.upos.find(m[1]!) : undefined;
  if (!upo || upo.cardVaultId === null || upo.merchantId !== ctx.merchantId) throw unknownCcToken();
  if (!sameText(ccTokenOf(deps, upo), ccToken)) throw unknownCcToken();
  return upo;
}

/** Refuses an expiry before the current month (1029 naming ccExpYear). */
function checkNotExpired(now: number, expMonth: number, expYear: number): void {
  const d = new Date(now);
  if (expYear < d.getUTCFullYear() || (expYear === d.getUTCFullYear() && expMonth < d.getUTCMonth() + 1)) {
    throw new Invalid('ccExpYear', 'the card has expired', 'card_expiry');
  }
}

export async function addCreditCard(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  card: CardUpoInput,
): Promise<AddedCardUpo> {
  await findUser(deps, ctx, userTokenId);
  const input: CardInput = {
    number: new Secret(card.number),
    holderName: card.holderName,
    expMonth: Number(card.expMonth),
    expYear: fullYear(card.expYear),
  };
  let upo: Upo;
  try {
    upo = await addCardUpo(deps, { merchantId: ctx.merchantId, siteId: ctx.siteId, userTokenId }, input);
  } catch (err) {
    throw renamed(err);
  }
  return { upo, ...cardRefs(deps, ctx, upo, card.number) };
}

/** A card of cardTokenization (ccTempToken of a live session of this site) stored for the user. */
export async function addCreditCardByTempToken(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  sessionToken: string,
  ccTempToken: string,
): Promise<AddedCardUpo> {
  await findUser(deps, ctx, userTokenId);
  const token = await deps.storage.read.cardTokens.find(ccTempToken);
  if (!token || token.siteId !== ctx.siteId || token.sessionToken !== sessionToken || token.usedAt !== null) {
    throw new Invalid('ccTempToken', 'is not a card token of this session', 'card_token');
  }
  const number = deps.vault.open(token.numberSealed, CARD_NUMBER_PURPOSE);
  const upo = await addCardUpo(
    deps,
    { merchantId: ctx.merchantId, siteId: ctx.siteId, userTokenId },
    { number, holderName: token.holderName, expMonth: token.expMonth, expYear: token.expYear },
  );
  await deps.storage.write((repos) => repos.cardTokens.consume(ccTempToken, deps.clock.now()));
  return { upo, ...cardRefs(deps, ctx, upo, number.expose()) };
}

export interface CardByTokenInput {
  ccToken: string;
  expMonth: string;
  expYear: string;
  holderName: string;
  bin: string;
  last4Digits: string;
}

/**
 * addUPOCreditCardByToken: the vaulted card of a ccToken (answered by addUPOCreditCard) stored for a
 * user of the caller's site, with the expiry and holder sent; `bin` and `last4Digits` must be the
 * card's (1061 otherwise). No clear number travels; the same card of the same user gives its UPO.
 */
export async function addCreditCardByToken(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  card: CardByTokenInput,
): Promise<AddedCardUpo> {
  await findUser(deps, ctx, userTokenId);
  const source = await upoOfCcToken(deps, ctx, card.ccToken);
  if (source.bin !== card.bin) throw new Invalid('bin', 'is not the BIN of the card of ccToken', 'card_token');
  if (source.last4 !== card.last4Digits)
    throw new Invalid('last4Digits', 'are not the last digits of the card of ccToken', 'card_token');
  const expMonth = Number(card.expMonth);
  const expYear = fullYear(card.expYear);
  checkNotExpired(deps.clock.now(), expMonth, expYear);
  const sealed = await deps.storage.read.upos.sealedNumber(source.cardVaultId!);
  if (sealed === undefined) throw unknownCcToken();
  const number = deps.vault.open(sealed, CARD_NUMBER_PURPOSE);
  const upo = await addCardUpo(
    deps,
    { merchantId: ctx.merchantId, siteId: ctx.siteId, userTokenId },
    { number, holderName: card.holderName, expMonth, expYear },
  );
  return { upo, ...cardRefs(deps, ctx, upo, number.expose()) };
}

export async function addApm(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  paymentMethod: string,
  apmData: Record<string, string>,
): Promise<Upo> {
  await findUser(deps, ctx, userTokenId);
  return deps.storage.write((repos) =>
    repos.upos.insert({
      merchantId: ctx.merchantId,
      siteId: ctx.siteId,
      userTokenId,
      paymentMethod,
      cardVaultId: null,
      apmData,
      maskedNumber: null,
      bin: null,
      last4: null,
      brand: null,
      cardType: null,
      expMonth: null,
      expYear: null,
      holderName: null,
      createdAt: deps.clock.now(),
    }),
  );
}

/** The live UPO `id` of the user on the caller's site; otherwise 1011, and nothing changes. */
export async function ownUpo(deps: DomainDeps, ctx: SessionContext, userTokenId: string, id: string): Promise<Upo> {
  const upo = await deps.storage.read.upos.find(id);
  if (!upo || upo.deletedAt !== null || upo.siteId !== ctx.siteId || upo.userTokenId !== userTokenId)
    throw unknownUpo();
  return upo;
}

export async function editCard(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  id: string,
  f: { expMonth: string; expYear: string; holderName: string },
): Promise<void> {
  const upo = await ownUpo(deps, ctx, userTokenId, id);
  if (upo.cardVaultId === null) throw new Invalid('userPaymentOptionId', 'is not a card', 'stored_option');
  const expMonth = Number(f.expMonth);
  const expYear = fullYear(f.expYear);
  checkNotExpired(deps.clock.now(), expMonth, expYear);
  await deps.storage.write((repos) => repos.upoAdmin.editCard(id, { expMonth, expYear, holderName: f.holderName }));
}

export async function editApm(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  id: string,
  apmData: Record<string, string>,
): Promise<void> {
  const upo = await ownUpo(deps, ctx, userTokenId, id);
  if (upo.cardVaultId !== null) throw new Invalid('userPaymentOptionId', 'is not an APM account', 'stored_option');
  await deps.storage.write((repos) => repos.upoAdmin.editApm(id, apmData));
}

/** suspendUPO / enableUPO: idempotent; a suspended UPO cannot pay until enabled. */
export async function setUpoSuspended(
  deps: DomainDeps,
  ctx: SessionContext,
  userTokenId: string,
  id: string,
  suspended: boolean,
): Promise<void> {
  await ownUpo(deps, ctx, userTokenId, id);
  await deps.storage.write((repos) => repos.upoAdmin.setSuspended(id, suspended ? deps.clock.now() : null));
}

/** Refuses a suspended UPO (the payment path's UPO lookup calls this). */
export async function assertUpoUsable(deps: DomainDeps, id: string, field: string): Promise<void> {
  if ((await deps.storage.read.upoAdmin.suspendedAt(id)) !== null) {
    throw new Invalid(field, 'is suspended', 'stored_option');
  }
}
