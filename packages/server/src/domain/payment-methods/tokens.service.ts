import { Secret } from '../../lib/secret.js';
import { Invalid, Missing } from '../errors.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { CardInfo, CardInput } from '../payments/acquirer.port.js';
import { checkCard } from '../payments/card.js';
import { CARD_NUMBER_PURPOSE, vaultCard } from './card-vault.js';
import { isExpired } from '../sessions/session.service.js';

/**
 * ccTempToken (ADR 0323, docs/decisions/0322): `cardTokenization` stores the card in the vault
 * (number sealed, CVV checked and dropped) and answers a token bound to the session and site that
 * made it. A payment of that same session may use it once, with or without a CVV; the token dies
 * with its session (the payment needs the live session) and after its one use.
 */

export const TOKEN_FIELD = 'paymentOption.card.ccTempToken';

export interface TokenScope {
  sessionToken: string;
  siteId: string;
}

export async function tokenizeCard(
  deps: DomainDeps,
  scope: TokenScope,
  card: CardInput,
): Promise<{ ccTempToken: string; info: CardInfo | undefined }> {
  const now = deps.clock.now();
  checkCard(card, now);
  const info = deps.acquirer.cardInfo(card.number);
  const ccTempToken = deps.ids.uuid();
  await deps.storage.write(async (repos) => {
    const vaultId = await vaultCard(deps, repos, card, now);
    await repos.cardTokens.insert({
      token: ccTempToken,
      sessionToken: scope.sessionToken,
      siteId: scope.siteId,
      cardVaultId: vaultId,
      holderName: card.holderName,
      expMonth: card.expMonth,
      expYear: card.expYear,
      createdAt: now,
    });
    // Tokenizing is a use of the session: it stays alive for its 15 idle minutes from now.
    await repos.sessions.touch(scope.sessionToken, now);
  });
  return { ccTempToken, info };
}

export interface TokenCard {
  card: CardInput;
  /** marks the token used inside the payment's write; refuses a token used meanwhile */
  consume(repos: Repos, at: number): Promise<void>;
}

/**
 * The card of `paymentOption.card.ccTempToken`, when the payment option names one: the token must be
 * of this session and site and unused. A CVV sent with it is used for this payment only.
 */
export async function cardOfTempToken(
  deps: DomainDeps,
  option: Record<string, unknown> | undefined,
  scope: TokenScope,
): Promise<TokenCard | undefined> {
  const card = option?.card;
  if (card === null || typeof card !== 'object' || Array.isArray(card)) return undefined;
  const c = card as Record<string, unknown>;
  if (c.ccTempToken === undefined) return undefined;
  if (typeof c.ccTempToken !== 'string' || c.ccTempToken === '') throw new Missing(TOKEN_FIELD);
  if (c.cardNumber !== undefined)
    throw new Invalid('paymentOption.card', 'must have either cardNumber or ccTempToken', 'payment_option');
  const row = c.ccTempToken.length <= 64 ? await deps.storage.read.cardTokens.find(c.ccTempToken) : undefined;
  if (!row || row.siteId !== scope.siteId || row.sessionToken !== scope.sessionToken) {
    throw new Invalid(TOKEN_FIELD, 'is not a token of this session');
  }
  if (row.usedAt !== null) throw new Invalid(TOKEN_FIELD, 'has already been used');
  if (c.CVV !== undefined && typeof c.CVV !== 'string')
    throw new Invalid('paymentOption.card.CVV', 'must be 3 or 4 digits', 'card_cvv');
  const token = row.token;
  return {
    card: {
      number: deps.vault.open(row.numberSealed, CARD_NUMBER_PURPOSE),
      holderName: typeof c.cardHolderName === 'string' ? c.cardHolderName : row.holderName,
      expMonth: row.expMonth,
      expYear: row.expYear,
      ...(typeof c.CVV === 'string' ? { cvv: new Secret(c.CVV) } : {}),
    },
    consume: async (repos, at) => {
      if (!(await repos.cardTokens.consume(token, at))) throw new Invalid(TOKEN_FIELD, 'has already been used');
    },
  };
}

export const REST_TOKEN_FIELD = 'paymentOption.tempToken';

/**
 * REST `paymentOption.tempToken` (docs/decisions/0363): a ccTempToken of this merchant site, unused,
 * whose session is still alive; one use (`consume` in the payment's first write). A CVV given in
 * `paymentOption.card.CVV` serves this payment only.
 */
export async function cardOfRestTempToken(
  deps: DomainDeps,
  token: string,
  siteId: string,
  cvv: string | undefined,
): Promise<TokenCard> {
  const row = token.length <= 64 ? await deps.storage.read.cardTokens.find(token) : undefined;
  if (!row || row.siteId !== siteId) throw new Invalid(REST_TOKEN_FIELD, 'is not a token of this merchant site');
  if (row.usedAt !== null) throw new Invalid(REST_TOKEN_FIELD, 'has already been used');
  const session = await deps.storage.read.sessions.find(row.sessionToken);
  if (!session || isExpired(session, deps.clock.now()))
    throw new Invalid(REST_TOKEN_FIELD, 'has expired with its session');
  return {
    card: {
      number: deps.vault.open(row.numberSealed, CARD_NUMBER_PURPOSE),
      holderName: row.holderName,
      expMonth: row.expMonth,
      expYear: row.expYear,
      ...(cvv !== undefined ? { cvv: new Secret(cvv) } : {}),
    },
    consume: async (repos, at) => {
      if (!(await repos.cardTokens.consume(row.token, at)))
        throw new Invalid(REST_TOKEN_FIELD, 'has already been used');
    },
  };
}
