import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { cardUpo, wdCall } from '../../../test/withdrawals.js';

/** The Web SDK's withdrawal calls through the real server (`/client/v1/*WdRequest*`). */

const T0 = Date.UTC(2026, 4, 4, 8, 0);

describe('client API: submitWdRequest, getWdRequests, cancelWdRequest', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  const client = (method: string, body: Record<string, unknown>) =>
    gw.request('POST', `/client/v1/${method}`, { body });
  const setup = async () => {
    const user = `cli-${++seq}`;
    const { sessionToken } = await sc.openOrder({ userTokenId: user, amount: '30.00', currency: 'EUR' });
    const upo = await cardUpo(gw, user, '4761344136141390');
    return { user, sessionToken, upo };
  };

  it('submits, lists the pending request and cancels it; the merchant sees it Canceled', async () => {
    const { user, sessionToken, upo } = await setup();
    const s = await client('submitWdRequest', {
      sessionToken,
      upoId: upo,
      amount: '12.00',
      userId: 'u-1',
      merchantWDRequestId: `m-${user}`,
      userAccountId: 'acc',
      customField1: 'x',
    });
    expect(s.headers.get('access-control-allow-origin')).toBe('*');
    expect(s.json).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      wdRequestStatus: 'Pending',
      merchantWDRequestId: `m-${user}`,
      userAccountId: 'acc',
      userId: 'u-1',
      sessionToken,
    });
    const id = s.json.wdRequestId;
    expect(Number.isInteger(id)).toBe(true);

    const l = await client('getWdRequests', { sessionToken, userTokenId: user });
    expect(l.json).toMatchObject({ status: 'SUCCESS', totalCount: '1' });
    expect(l.json.withdrawalRequests[0]).toMatchObject({
      wdRequestId: id,
      wdRequestStatus: 'Pending',
      state: 'Open',
      requestedAmount: '12.00',
      requestedCurrency: 'EUR',
      userPMId: upo,
    });

    const c = await client('cancelWdRequest', { sessionToken, userTokenId: user, wdRequestId: id });
    expect(c.json).toMatchObject({
      status: 'Success',
      errCode: 0,
      wdRequestStatus: 'Canceled',
      wdRequestId: id,
      merchantWDRequestId: `m-${user}`,
      userAccountId: 'acc',
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      version: '1.0',
    });
    expect((await client('getWdRequests', { sessionToken, userTokenId: user })).json).toMatchObject({
      totalCount: '0',
      withdrawalRequests: [],
    });
    const server = (await wdCall(gw, 'getRequests', { userTokenId: user })).json;
    expect(server.withdrawalRequests[0]).toMatchObject({
      wdRequestId: id,
      wdRequestStatus: 'Canceled',
      state: 'Closed',
    });

    const again = await client('cancelWdRequest', { sessionToken, userTokenId: user, wdRequestId: id });
    expect(again.json).toMatchObject({ status: 'Error', errCode: 1058 });
  });

  it('reports wdRequestsLimitReached at the limit', async () => {
    const { sessionToken, upo } = await setup();
    expect(
      (await client('submitWdRequest', { sessionToken, upoId: upo, amount: '1.00', userId: 'u' })).json.status,
    ).toBe('SUCCESS');
    const r = (await client('submitWdRequest', { sessionToken, upoId: upo, amount: '1.00', userId: 'u' })).json;
    expect(r).toMatchObject({ status: 'ERROR', errCode: 1058, wdRequestsLimitReached: true });
  });

  it("refuses another user's token, a UPO of another user, missing fields and an unknown session", async () => {
    const { sessionToken, upo } = await setup();
    const other = await setup();
    expect((await client('getWdRequests', { sessionToken, userTokenId: other.user })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1019,
      reason: "[userTokenId] is not the session's user",
    });
    expect(
      (await client('submitWdRequest', { sessionToken, upoId: other.upo, amount: '1.00', userId: 'u' })).json,
    ).toMatchObject({ status: 'ERROR', errCode: 1011 });
    expect((await client('submitWdRequest', { sessionToken, amount: '1.00', userId: 'u' })).json).toMatchObject({
      status: 'ERROR',
      reason: '[upoId] must not be null',
    });
    expect((await client('submitWdRequest', { sessionToken, upoId: upo, amount: '1.00' })).json).toMatchObject({
      status: 'ERROR',
      reason: '[userId] must not be null',
    });
    expect(
      (await client('submitWdRequest', { sessionToken, upoId: upo, amount: '1.00', userId: 'u', merchantSiteId: '1' }))
        .json,
    ).toMatchObject({ status: 'ERROR', errCode: 1022 });
    expect(
      (await client('getWdRequests', { sessionToken: '00000000-0000-4000-8000-000000000000', userTokenId: 'x' })).json,
    ).toMatchObject({ status: 'ERROR', errCode: 1069 });
  });
  it('getWdRequests lists the statuses wdRequestStatus names, newest first, at most maxNumOfRecords (docs/decisions/0522)', async () => {
    const { user, sessionToken, upo } = await setup();
    const submit = async (amount: string) =>
      (await client('submitWdRequest', { sessionToken, upoId: upo, amount, userId: 'u', wdRequestsLimit: '9' })).json;
    const a = await submit('1.00');
    const b = await submit('2.00');
    const c = await submit('3.00');
    expect((await wdCall(gw, 'approveRequest', { wdRequestId: a.wdRequestId })).json.wdRequestStatus).toBe(
      'InProgress',
    );
    await client('cancelWdRequest', { sessionToken, userTokenId: user, wdRequestId: b.wdRequestId });
    const list = async (extra: Record<string, unknown>) =>
      (await client('getWdRequests', { sessionToken, userTokenId: user, ...extra })).json;
    // the default is unchanged: Pending only
    expect((await list({})).withdrawalRequests.map((w: any) => w.wdRequestId)).toEqual([c.wdRequestId]);
    const some = await list({ wdRequestStatus: ['Pending', 'InProgress'] });
    expect(some.withdrawalRequests.map((w: any) => [w.wdRequestId, w.wdRequestStatus])).toEqual([
      [c.wdRequestId, 'Pending'],
      [a.wdRequestId, 'InProgress'],
    ]);
    expect(some.totalCount).toBe('2');
    const one = await list({ wdRequestStatus: ['Pending', 'InProgress', 'Canceled'], maxNumOfRecords: 1 });
    expect(one.withdrawalRequests.map((w: any) => w.wdRequestId)).toEqual([c.wdRequestId]);
    expect(one.totalCount).toBe('3');
    expect(await list({ wdRequestStatus: ['Open'] })).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(await list({ wdRequestStatus: [] })).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(await list({ maxNumOfRecords: 0 })).toMatchObject({ status: 'ERROR', errCode: 1019 });
  });
});
