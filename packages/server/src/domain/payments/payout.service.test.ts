import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { apmUpo, cardUpo } from '../../../test/withdrawals.js';
import type { Minor } from '../../lib/money.js';
import { Secret } from '../../lib/secret.js';
import { Invalid } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import type { Acquirer, AuthorizeOutcome } from './acquirer.port.js';
import { payout, type PayoutCommand } from './payout.service.js';
import { decideFollowUp } from './transaction.machine.js';

const T0 = Date.UTC(2026, 4, 4, 8, 0);

describe.each(dialects())('payout service on %s', (dialect: DialectName) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
  });
  afterAll(async () => {
    await gw.close();
  });

  const origin = (userTokenId: string): PayoutCommand['origin'] => ({
    via: 'session',
    merchantId: gw.demo.merchantId,
    siteId: gw.demo.merchantSiteId,
    entityId: null,
    orderId: null,
    sessionId: null,
    userTokenId,
  });
  const card = (number: string) => ({
    number: new Secret(number),
    holderName: 'Jane Roe',
    expMonth: 12,
    expYear: 2030,
  });

  it('persists the Payout as pending before the acquirer answers, then its outcome', async () => {
    let seen: string | undefined;
    const real = gw.rt.acquirer;
    const watching: Acquirer = {
      ...real,
      payout: async (req): Promise<AuthorizeOutcome> => {
        seen = (await gw.rt.deps.storage.read.payments.find(req.transactionId))?.status;
        return real.payout(req);
      },
    };
    const deps: DomainDeps = { ...gw.rt.deps, acquirer: watching };
    const run = await payout(deps, {
      origin: origin('p1'),
      amount: 900 as Minor,
      currency: 'EUR',
      destination: { kind: 'card', card: card('4761344136141390') },
    });
    expect(seen).toBe('pending');
    expect(run.tx).toMatchObject({ type: 'Payout', status: 'approved', amount: 900, card: { last4Digits: '1390' } });
    expect(run.tx!.authCode).toMatch(/^\d{6}$/);
  });

  it('runs the hooks in the two writes: onPending with the pending row, onOutcome with the final one', async () => {
    const seen: string[] = [];
    const upo = await cardUpo(gw, 'p2', '4000000000000002');
    const run = await payout(
      gw.rt.deps,
      {
        origin: origin('p2'),
        amount: 100 as Minor,
        currency: 'EUR',
        destination: { kind: 'upo', userPaymentOptionId: upo, field: 'userPaymentOptionId' },
      },
      {
        onPending: async (_repos, tx) => void seen.push(`pending:${tx.status}`),
        onOutcome: async (_repos, tx) => void seen.push(`outcome:${tx.status}`),
      },
    );
    expect(seen).toEqual(['pending:pending', 'outcome:declined']);
    expect(run.upo?.id).toBe(upo);
    expect(run.tx).toMatchObject({ status: 'declined', errorReason: 'Decline' });
  });

  it('a refusal in onPending rolls the pending payout back: no transaction, no acquirer call', async () => {
    let calls = 0;
    const deps: DomainDeps = {
      ...gw.rt.deps,
      acquirer: { ...gw.rt.acquirer, payout: async (r) => (calls++, gw.rt.acquirer.payout(r)) },
    };
    const before = await gw.rt.store.db.selectFrom('transactions').select('id').where('type', '=', 'Payout').execute();
    await expect(
      payout(
        deps,
        {
          origin: origin('p3'),
          amount: 100 as Minor,
          currency: 'EUR',
          destination: { kind: 'card', card: card('4761344136141390') },
        },
        {
          onPending: async () => {
            throw new Invalid('wdRequestId', 'changed meanwhile');
          },
        },
      ),
    ).rejects.toBeInstanceOf(Invalid);
    const after = await gw.rt.store.db.selectFrom('transactions').select('id').where('type', '=', 'Payout').execute();
    expect(after.length).toBe(before.length);
    expect(calls).toBe(0);
  });

  it('pays an APM UPO through the acquirer; refuses an amount of 0 before anything is stored', async () => {
    const upo = await apmUpo(gw, 'p4', 'apmgw_RedirectPay', { email: 'ada@example.com' });
    const run = await payout(gw.rt.deps, {
      origin: origin('p4'),
      amount: 100 as Minor,
      currency: 'USD',
      destination: { kind: 'upo', userPaymentOptionId: upo, field: 'userPaymentOptionId' },
    });
    expect(run.tx).toMatchObject({ status: 'approved', card: null, cardVaultId: null });
    await expect(
      payout(gw.rt.deps, {
        origin: origin('p4'),
        amount: 0 as Minor,
        currency: 'USD',
        destination: { kind: 'upo', userPaymentOptionId: upo, field: 'userPaymentOptionId' },
      }),
    ).rejects.toMatchObject({ field: 'amount' });
  });

  it('the state machine refuses every follow-up of a Payout', async () => {
    const run = await payout(gw.rt.deps, {
      origin: origin('p5'),
      amount: 100 as Minor,
      currency: 'EUR',
      destination: { kind: 'card', card: card('5555555555554444') },
    });
    for (const action of ['Settle', 'Refund', 'Void'] as const) {
      expect(decideFollowUp(run.tx!, action, 100 as Minor, 'EUR', T0).ok).toBe(false);
    }
  });
});
