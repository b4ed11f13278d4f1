import type { DomainDeps } from '../ports.js';
import type { CardInput } from './acquirer.port.js';
import { checkCard } from './card.js';
import { cardOutputOf, vaultCard } from './card-vault.js';
import type { Upo } from './ports.js';
import type { UpoOwner } from './upos.service.js';
import { addApmUpo } from './apm.service.js';

/**
 * Stored payment options added from the browser without a payment (Web SDK addCardUpo / addApmUpo,
 * docs/decisions/0404): the card goes to the vault and the UPO keeps the masked fields; the same card
 * of the same user gives the same UPO. APM accounts are apm.service's `addApmUpo`.
 */

export async function addCardUpo(deps: DomainDeps, owner: UpoOwner, card: CardInput): Promise<Upo> {
  const now = deps.clock.now();
  checkCard(card, now);
  const out = cardOutputOf(deps, card);
  return deps.storage.write(async (repos) => {
    const vaultId = await vaultCard(deps, repos, card, now);
    const existing = await repos.upos.findCard(owner.siteId, owner.userTokenId, vaultId);
    if (existing) return existing;
    return repos.upos.insert({
      ...owner,
      paymentMethod: 'cc_card',
      cardVaultId: vaultId,
      apmData: null,
      maskedNumber: out.maskedCardNumber,
      bin: out.bin,
      last4: out.last4Digits,
      brand: out.cardBrand,
      cardType: out.cardType,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
      createdAt: now,
    });
  });
}

/** A payout account captured on Gatehouse's account capture page (Web SDK accountCapture). */
export function addPayoutAccountUpo(
  deps: DomainDeps,
  owner: UpoOwner,
  paymentMethodName: string,
  data: Record<string, string>,
): Promise<Upo> {
  return addApmUpo(deps, owner, { method: paymentMethodName, data }, 'payout');
}
