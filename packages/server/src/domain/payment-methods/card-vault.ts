import type { DomainDeps, Repos } from '../ports.js';
import type { CardInput } from '../payments/acquirer.port.js';
import type { CardOutput } from '../payments/transaction.types.js';
import { processedBrandOf } from '../payments/card-brand.js';

/**
 * The card vault: numbers are kept only sealed (AES-256-GCM) and found again by a keyed fingerprint;
 * what leaves it for responses is the card output, never the full number.
 */
export const CARD_NUMBER_PURPOSE = 'card.number';
export const CARD_FINGERPRINT_PURPOSE = 'card.fingerprint';

/** The vault row of `card`, sealing it on first sight. Call it inside a write transaction. */
export function vaultCard(deps: DomainDeps, repos: Repos, card: CardInput, now: number): Promise<number> {
  return repos.payments.vaultCard(
    cardFingerprint(deps, card),
    () => deps.vault.seal(card.number, CARD_NUMBER_PURPOSE),
    now,
  );
}

/** The vault row of `card` as a planned write inserts it unless its fingerprint is there (ADR 0817): sealed only then. */
export function vaultEntryOf(deps: DomainDeps, card: CardInput): { fingerprint: string; seal(): string } {
  return { fingerprint: cardFingerprint(deps, card), seal: () => deps.vault.seal(card.number, CARD_NUMBER_PURPOSE) };
}

function cardFingerprint(deps: DomainDeps, card: CardInput): string {
  return deps.vault.mac(CARD_FINGERPRINT_PURPOSE, card.number.expose()).toString('hex');
}

/**
 * The card output of a response, from BIN data (never the full number), with the brand it is
 * processed with: `selectedBrand` when it is one of a co-badged card's brands (else `Invalid`).
 */
export function cardOutputOf(deps: DomainDeps, card: CardInput): CardOutput {
  const number = card.number.expose();
  const info = deps.acquirer.cardInfo(card.number);
  const processedBrand = processedBrandOf(info, card.selectedBrand);
  return {
    maskedCardNumber: info?.masked ?? `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`,
    bin: info?.bin ?? number.slice(0, 6),
    last4Digits: info?.last4 ?? number.slice(-4),
    expirationMonth: String(card.expMonth).padStart(2, '0'),
    expirationYear: String(card.expYear),
    cardHolderName: card.holderName,
    cardBrand: info?.brand ?? 'Unknown',
    ...(info?.secondaryBrand ? { secondaryBrand: info.secondaryBrand } : {}),
    processedBrand,
    cardType: info?.cardType ?? 'Credit',
    issuerCountry: info?.issuerCountry ?? '',
    ...(info?.issuerBankName ? { issuerBankName: info.issuerBankName } : {}),
  };
}
