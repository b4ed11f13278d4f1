import { buildWithdrawalRequest, type WithdrawalMethod } from '@gatehouse/client';
import { findApm } from '../src/acquirer/apm-catalogue.js';
import { addApmUpo } from '../src/domain/payments/apm.service.js';
import { addCardUpo } from '../src/domain/payment-methods/upos.service.js';
import { Secret } from '../src/lib/secret.js';
import type { Gateway, HttpResult } from './harness.js';

/** Helpers of the payout and withdrawal suites: UPOs made through the domain, signed withdrawal calls. */

export function demoOwner(gw: Gateway, userTokenId: string) {
  return { merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId, userTokenId };
}

/** A card UPO of `userTokenId` on the demo site (any test card, declining ones included). */
export async function cardUpo(gw: Gateway, userTokenId: string, number: string): Promise<string> {
  const upo = await addCardUpo(gw.rt.deps, demoOwner(gw, userTokenId), {
    number: new Secret(number),
    holderName: 'John Smith',
    expMonth: 12,
    expYear: 2030,
  });
  return upo.id;
}

/** An APM UPO of `userTokenId` on the demo site (a payout account for a payout-only method). */
export async function apmUpo(
  gw: Gateway,
  userTokenId: string,
  method: string,
  data: Record<string, string>,
): Promise<string> {
  const use = findApm(method)?.depositCapable === false ? 'payout' : 'deposit';
  return (await addApmUpo(gw.rt.deps, demoOwner(gw, userTokenId), { method, data }, use)).id;
}

/** POST /ppp/api/withdrawal/<method>.do signed with the demo site's secret (body order as given). */
export function wdCall(gw: Gateway, method: WithdrawalMethod, fields: object): Promise<HttpResult> {
  const body = buildWithdrawalRequest(
    {
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      merchantSecretKey: gw.demo.merchantSecretKey,
    },
    fields,
    { now: new Date(gw.clock.now()) },
  );
  return gw.request('POST', `/ppp/api/withdrawal/${method}.do`, { body });
}
