import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { sessionClient } from '../../../test/session-client.js';
import type { Minor } from '../../lib/money.js';
import { cardInput } from '../../../test/payment-cards.js';
import { outcomeEffects } from './outcome-effects.js';
import { type Origin, pay } from './payment.service.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const card = cardInput;

describe.each(dialects())('payment outcome effects on %s (docs/decisions/0602)', (dialect: DialectName) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
  });
  afterAll(async () => {
    await gw.close();
  });

  const sessionOrder = async () => {
    const o = await sessionClient(gw).openOrder({ userTokenId: 'user-effects' });
    const origin: Origin = {
      via: 'session',
      merchantId: gw.demo.merchantId,
      siteId: gw.demo.merchantSiteId,
      entityId: null,
      orderId: Number(o.orderId),
      sessionId: o.sessionToken,
      userTokenId: 'user-effects',
    };
    return { token: o.sessionToken, origin };
  };
  const sale = (origin: Origin, number: string) =>
    ({
      origin,
      type: 'Sale',
      amount: 1000 as Minor,
      currency: 'EUR',
      card: card(number),
      partialApproval: false,
    }) as const;
  const declines = async (token: string) => (await gw.rt.deps.storage.read.sessions.find(token))!.declineCount;

  it('counts a decline in the write that records it', async () => {
    const { token, origin } = await sessionOrder();
    const { onOutcome } = outcomeEffects({ declineSession: token });
    const run = await pay(gw.rt.deps, sale(origin, '4000128449498204'), { onOutcome });
    expect(run.tx?.status).toBe('declined');
    expect(await declines(token)).toBe(1);
  });

  it('rolls the decline back with the outcome when that write fails', async () => {
    const { token, origin } = await sessionOrder();
    const effects = outcomeEffects({ declineSession: token });
    await expect(
      pay(gw.rt.deps, sale(origin, '4000128449498204'), {
        onOutcome: async (repos, tx, now) => {
          await effects.onOutcome(repos, tx, now);
          throw new Error('the write fails after the effects');
        },
      }),
    ).rejects.toThrow('the write fails after the effects');
    expect(await declines(token)).toBe(0);
    const [left] = await gw.rt.deps.storage.read.payments.pendingBefore(T0 + 1, 50);
    expect(left).toMatchObject({ status: 'pending', sessionId: token });
  });

  it('saves an approved card as a UPO of the owner and answers its id', async () => {
    const { token, origin } = await sessionOrder();
    const owner = { merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId, userTokenId: 'user-effects' };
    const effects = outcomeEffects({ declineSession: token, saveCardUpoFor: owner });
    const run = await pay(gw.rt.deps, sale(origin, '4000027891380961'), { onOutcome: effects.onOutcome });
    expect(run.tx?.status).toBe('approved');
    const id = effects.savedUpoId();
    expect(id).toBeDefined();
    expect(await gw.rt.deps.storage.read.upos.find(id!)).toMatchObject({
      userTokenId: 'user-effects',
      deletedAt: null,
    });
    expect(await declines(token)).toBe(0);
  });
});
