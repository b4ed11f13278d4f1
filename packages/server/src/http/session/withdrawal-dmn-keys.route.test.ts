import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { verifyDmn } from '../../../test/notify-verify.js';
import { notificationKey, type Receiver, startReceiver } from '../../../test/receiver.js';
import { cardUpo, wdCall } from '../../../test/withdrawals.js';
import { Relay, relayOptionsOf } from '../../delivery/relay.js';
import { setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';

/**
 * docs/decisions/0507: receivers de-duplicate DMNs by PPP_TransactionID + Status (docs/notifications.md); a
 * withdrawal request's DMNs and its orders' never share that pair, though both counters start at 1.
 */

const T0 = Date.UTC(2026, 4, 4, 8, 0);

describe.each(dialects())('withdrawal DMN keys on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    rx = await startReceiver({ clock: gw.clock });
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, `${rx.url}/dmn`);
    relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, relayOptionsOf(gw.rt.config));
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  const call = async (method: Parameters<typeof wdCall>[1], fields: object) => {
    const r = await wdCall(gw, method, fields);
    expect(r.json, r.text).toMatchObject({ status: 'SUCCESS' });
    return r.json;
  };
  const submit = (u: string, upo: string) =>
    call('submitRequest', {
      userTokenId: u,
      userPMId: upo,
      amount: '25.00',
      currency: 'EUR',
      merchantWDRequestId: `mwd-${u}`,
      merchantUniqueId: `mu-${u}`,
    });

  it('a request and its orders (placed, settled; approveRequest): every PPP_TransactionID + Status once', async () => {
    const upo1 = await cardUpo(gw, 'wk-1', '4761344136141390');
    const r1 = await submit('wk-1', upo1);
    const place = (amount: string) =>
      call('placeWithdrawalOrder', {
        wdRequestId: r1.wdRequestId,
        merchantWDRequestId: 'mwd-wk-1',
        userPMId: upo1,
        amount,
        currency: 'EUR',
        settlementType: 0,
      });
    const o1 = await place('10.00');
    const o2 = await place('15.00');
    await call('settleWithdrawalOrder', { wdOrderId: o1.wdOrderId });
    await call('settleWithdrawalOrder', { wdOrderId: o2.wdOrderId });
    const upo2 = await cardUpo(gw, 'wk-2', '5555555555554444');
    const r2 = await submit('wk-2', upo2);
    const a2 = await call('approveRequest', { wdRequestId: r2.wdRequestId, merchantWDRequestId: 'mwd-wk-2' });
    await call('settleWithdrawalOrder', { wdOrderId: a2.wdOrderId });
    // the counters overlap: request 1 and order 1 both exist, both were Approved
    expect(String(r1.wdRequestId)).toBe(String(o1.wdOrderId));

    for (let i = 0; i < 3 && (await relay.tick()).attempted > 0; i++);
    const dmns = rx.received.map((r) => verifyDmn(gw.demo.merchantSecretKey, r));
    const keys = rx.received.map(notificationKey);
    expect(new Set(keys).size).toBe(keys.length);

    const orderDmns = dmns.filter((f) => f.wdOrderId !== undefined && f.transactionType === 'Withdrawal');
    const requestDmns = dmns.filter((f) => f.wdOrderId === undefined && f.transactionType === 'Withdrawal');
    // order 1: Approved, Settled; order 2: Approved, Settled; approveRequest's order: Approved, Settled
    expect(orderDmns.map((f) => [f.wdOrderId, f.Status])).toEqual(
      expect.arrayContaining([
        [String(o1.wdOrderId), 'Approved'],
        [String(o1.wdOrderId), 'Settled'],
        [String(o2.wdOrderId), 'Approved'],
        [String(o2.wdOrderId), 'Settled'],
        [String(a2.wdOrderId), 'Approved'],
        [String(a2.wdOrderId), 'Settled'],
      ]),
    );
    expect(requestDmns.map((f) => [f.PPP_TransactionID, f.Status])).toEqual(
      expect.arrayContaining([
        [String(r1.wdRequestId), 'InProgress'],
        [String(r1.wdRequestId), 'Approved'],
        [String(r2.wdRequestId), 'InProgress'],
        [String(r2.wdRequestId), 'Approved'],
      ]),
    );
    // an order's PPP_TransactionID: an integer, 10^15 + wdOrderId, never a wdRequestId
    const requestIds = new Set(requestDmns.map((f) => f.PPP_TransactionID));
    for (const f of orderDmns) {
      expect(f.PPP_TransactionID).toMatch(/^\d+$/);
      expect(BigInt(f.PPP_TransactionID!) - 10n ** 15n).toBe(BigInt(f.wdOrderId!));
      expect(requestIds.has(f.PPP_TransactionID!)).toBe(false);
    }
  });
});
