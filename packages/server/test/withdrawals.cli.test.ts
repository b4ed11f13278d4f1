import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliJson } from './cli-process.js';
import { type Gateway, startGateway } from './harness.js';
import { cardUpo, wdCall } from './withdrawals.js';

/** Each test runs several CLI processes: a guard against a hung child, not a timing. */
const SPAWNS = 180_000;

/**
 * `gatehouse withdrawals approve | settle | decline` (docs/decisions/0508), run as a child process on
 * the gateway's SQLite data folder: the merchant's lifecycle, approve (an order, nothing paid) then settle.
 */

describe('gatehouse withdrawals', () => {
  let gw: Gateway;
  let seq = 0;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw.close();
  });

  const request = async (card = '4761344136141390') => {
    const u = `cli-wd-${++seq}`;
    const upo = await cardUpo(gw, u, card);
    const r = (await wdCall(gw, 'submitRequest', { userTokenId: u, userPMId: upo, amount: '25.00', currency: 'EUR' }))
      .json;
    expect(r).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'Pending' });
    return { u, id: String(r.wdRequestId) };
  };
  const payouts = (u: string) =>
    gw.rt.store.db
      .selectFrom('transactions')
      .select('id')
      .where('type', '=', 'Payout')
      .where('user_token_id', '=', u)
      .execute();
  const site = () => gw.demo.merchantSiteId;

  it(
    '--help describes each command',
    async () => {
      for (const [cmd, usage] of [
        ['approve', 'withdrawals approve <wdRequestId> --site <siteId>'],
        ['settle', 'withdrawals settle <wdOrderId> --site <siteId>'],
        ['decline', 'withdrawals decline <wdRequestId> --site <siteId>'],
      ] as const) {
        const r = await cli(gw.dataDir, ['withdrawals', cmd, '--help']);
        expect(r.code).toBe(0);
        expect(r.stdout).toContain(usage);
      }
    },
    SPAWNS,
  );

  it(
    'approve places an Approved order and pays nothing; settle pays it: Settled, the request Approved',
    async () => {
      const { u, id } = await request();
      const a = await cli(gw.dataDir, ['withdrawals', 'approve', id, '--site', site(), '--operator', 'olga']);
      expect(a.stderr).toBe('');
      expect(a.code).toBe(0);
      const orderId = /order (\d+) Approved \(25\.00 EUR\)/.exec(a.stdout)?.[1];
      expect(a.stdout).toContain(`request ${id} InProgress`);
      expect(a.stdout).toContain(`gatehouse withdrawals settle ${orderId} --site ${site()}`);
      expect(await payouts(u)).toHaveLength(0);

      const s = await cliJson(gw.dataDir, ['withdrawals', 'settle', orderId!, '--site', site()]);
      expect(s).toMatchObject({
        wdRequestId: Number(id),
        wdRequestStatus: 'Approved',
        wdOrderId: Number(orderId),
        wdOrderStatus: 'Settled',
        transactionStatus: 'APPROVED',
      });
      expect(await payouts(u)).toHaveLength(1);
      // settled once: a second settle is refused
      const again = await cli(gw.dataDir, ['withdrawals', 'settle', orderId!, '--site', site()]);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain('in status Settled');
    },
    SPAWNS,
  );

  it(
    'approve --amount takes part; decline then deletes the unpaid order',
    async () => {
      const { u, id } = await request();
      const a = await cliJson(gw.dataDir, ['withdrawals', 'approve', id, '--site', site(), '--amount', '10.00']);
      expect(a).toMatchObject({ wdRequestStatus: 'InProgress', wdOrderStatus: 'Approved', amount: '10.00' });
      const d = await cliJson(gw.dataDir, ['withdrawals', 'decline', id, '--site', site(), '--comment', 'KYC missing']);
      expect(d).toMatchObject({ wdRequestStatus: 'Declined', state: 'Closed' });
      expect((await gw.rt.deps.storage.read.withdrawalOrders.find(String(a.wdOrderId)))?.status).toBe('Deleted');
      expect(await payouts(u)).toHaveLength(0);
    },
    SPAWNS,
  );

  it(
    'a declined payout leaves the order in Error, with the reason; bad ids and sites are usage errors',
    async () => {
      const { id } = await request('4000128449498204');
      const a = await cliJson(gw.dataDir, ['withdrawals', 'approve', id, '--site', site()]);
      const s = await cli(gw.dataDir, ['withdrawals', 'settle', String(a.wdOrderId), '--site', site()]);
      expect(s.code).toBe(0);
      expect(s.stdout).toMatch(
        new RegExp(`^order ${a.wdOrderId} Error \\(Payout declined: .+\\), transaction \\d+; request ${id} InProgress`),
      );
      expect((await cli(gw.dataDir, ['withdrawals', 'approve', 'abc', '--site', site()])).stderr).toContain(
        '<wdRequestId> must be a number',
      );
      expect((await cli(gw.dataDir, ['withdrawals', 'approve', id, '--site', 'nope'])).stderr).toContain(
        '--site names no merchant site',
      );
    },
    SPAWNS,
  );
});
