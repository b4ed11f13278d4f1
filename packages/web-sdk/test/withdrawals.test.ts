import { describe, expect, it } from 'vitest';
import type { ClientTransport } from '@gatehouse/protocol';
import { checkWithdrawalInput, createWebsdk } from '../src/withdrawals.js';

/** The input rules of websdk().submitWdRequest / getWdRequests / cancelWdRequest (docs/web-sdk.md). */

const INIT = {
  sessionToken: '6c2f2d36-2b0e-4f5e-9a55-0d5c0c6f3e11',
  merchantId: '111',
  merchantSiteId: '222',
  env: 'int',
};

/** A transport that records what would have been sent and answers SUCCESS. */
function recording() {
  const sent: Array<{ method: string; body: Record<string, unknown> }> = [];
  const transport: ClientTransport = async (method, body) => {
    sent.push({ method, body });
    return { status: 'SUCCESS', errCode: 0, reason: '', method };
  };
  return { sent, transport };
}

const SUBMIT = { upoId: '1001', amount: '25.00', userId: 'u-1' };
const long = (n: number) => 'x'.repeat(n);

describe('websdk withdrawal input rules', () => {
  it.each([
    ['upoId is required', { amount: '1.00', userId: 'u' }, 1019, 'upoId is required'],
    ['amount is required', { upoId: '1', userId: 'u' }, 1019, 'amount is required'],
    ['userId is required', { upoId: '1', amount: '1.00' }, 1019, 'userId is required'],
    ['upoId is a string', { ...SUBMIT, upoId: 5 }, 1019, 'upoId must be a string'],
    ['amount is a decimal string', { ...SUBMIT, amount: 'ten' }, 1040, 'amount must be a positive decimal amount'],
    ['amount is positive', { ...SUBMIT, amount: '0' }, 1040, 'amount must be a positive'],
    ['amount is a string', { ...SUBMIT, amount: 10 }, 1040, 'amount must be'],
    [
      'sessionToken at most 36',
      { ...SUBMIT, sessionToken: long(37) },
      1019,
      'sessionToken must be at most 36 characters',
    ],
    ['merchantId at most 20', { ...SUBMIT, merchantId: long(21) }, 1019, 'merchantId must be at most 20 characters'],
    [
      'merchantSiteId at most 20',
      { ...SUBMIT, merchantSiteId: long(21) },
      1019,
      'merchantSiteId must be at most 20 characters',
    ],
    [
      'userTokenId at most 255',
      { ...SUBMIT, userTokenId: long(256) },
      1019,
      'userTokenId must be at most 255 characters',
    ],
    [
      'customField15 at most 255',
      { ...SUBMIT, customField15: long(256) },
      1019,
      'customField15 must be at most 255 characters',
    ],
    ['userDetails is an object', { ...SUBMIT, userDetails: 'x' }, 1019, 'userDetails must be an object'],
    [
      'userDetails.firstName at most 30',
      { ...SUBMIT, userDetails: { firstName: long(31) } },
      1019,
      'userDetails.firstName must be at most 30',
    ],
    [
      'userDetails.lastName at most 40',
      { ...SUBMIT, userDetails: { lastName: long(41) } },
      1019,
      'userDetails.lastName must be at most 40',
    ],
    [
      'userDetails.address at most 50',
      { ...SUBMIT, userDetails: { address: long(51) } },
      1019,
      'userDetails.address must be at most 50',
    ],
    [
      'userDetails.phone at most 18',
      { ...SUBMIT, userDetails: { phone: long(19) } },
      1019,
      'userDetails.phone must be at most 18',
    ],
    [
      'userDetails.zip at most 10',
      { ...SUBMIT, userDetails: { zip: long(11) } },
      1019,
      'userDetails.zip must be at most 10',
    ],
    [
      'userDetails.city at most 30',
      { ...SUBMIT, userDetails: { city: long(31) } },
      1019,
      'userDetails.city must be at most 30',
    ],
    [
      'userDetails.countryCode 2 letters',
      { ...SUBMIT, userDetails: { countryCode: 'DEU' } },
      1019,
      'userDetails.countryCode must be 2 letters',
    ],
    [
      'userDetails.state at most 3',
      { ...SUBMIT, userDetails: { state: long(4) } },
      1019,
      'userDetails.state must be at most 3',
    ],
    [
      'userDetails.email an address',
      { ...SUBMIT, userDetails: { email: 'nope' } },
      1019,
      'userDetails.email must be an e-mail address',
    ],
    [
      'userDetails.email at most 100',
      { ...SUBMIT, userDetails: { email: `${long(96)}@a.de` } },
      1019,
      'userDetails.email must be at most 100',
    ],
  ])('submitWdRequest: %s', (_name, params, errCode, reason) => {
    const err = checkWithdrawalInput('submitWdRequest', params);
    expect(err).toMatchObject({ status: 'ERROR', errCode });
    expect(err?.errorDescription).toContain(reason);
    expect(err?.reason).toBe(err?.errorDescription);
  });

  it('submitWdRequest accepts the required fields alone, and every optional one at its maximum', () => {
    expect(checkWithdrawalInput('submitWdRequest', SUBMIT)).toBeUndefined();
    const full = {
      ...SUBMIT,
      merchantWDRequestId: long(255),
      merchantUniqueId: long(255),
      userAccountId: long(255),
      userTokenId: long(255),
      customField1: long(255),
      userDetails: {
        firstName: long(30),
        lastName: long(40),
        address: long(50),
        phone: long(18),
        zip: long(10),
        city: long(30),
        countryCode: 'DE',
        state: 'BY',
        email: 'a@b.de',
      },
    };
    expect(checkWithdrawalInput('submitWdRequest', full)).toBeUndefined();
  });

  it.each([
    ['userTokenId is required', 'getWdRequests', {}, 'userTokenId is required'],
    ['userTokenId at most 255', 'getWdRequests', { userTokenId: long(256) }, 'userTokenId must be at most 255'],
    ['cancel: userTokenId is required', 'cancelWdRequest', { wdRequestId: 5 }, 'userTokenId is required'],
    ['cancel: wdRequestId is required', 'cancelWdRequest', { userTokenId: 'u' }, 'wdRequestId is required'],
    [
      'cancel: wdRequestId an integer',
      'cancelWdRequest',
      { userTokenId: 'u', wdRequestId: 1.5 },
      'wdRequestId must be an integer',
    ],
    [
      'cancel: wdRequestId at most 20 digits',
      'cancelWdRequest',
      { userTokenId: 'u', wdRequestId: '1'.repeat(21) },
      'at most 20 digits',
    ],
    [
      'cancel: wdRequestId digits only',
      'cancelWdRequest',
      { userTokenId: 'u', wdRequestId: '12a' },
      'wdRequestId must be an integer',
    ],
  ] as const)('%s', (_name, method, params, reason) => {
    const err = checkWithdrawalInput(method, params);
    expect(err).toMatchObject({ status: 'ERROR', errCode: 1019 });
    expect(err?.errorDescription).toContain(reason);
  });

  it('getWdRequests and cancelWdRequest accept their required fields (wdRequestId as a number or digits)', () => {
    expect(checkWithdrawalInput('getWdRequests', { userTokenId: 'u' })).toBeUndefined();
    expect(checkWithdrawalInput('cancelWdRequest', { userTokenId: 'u', wdRequestId: 42 })).toBeUndefined();
    expect(checkWithdrawalInput('cancelWdRequest', { userTokenId: 'u', wdRequestId: '42' })).toBeUndefined();
  });
});

describe('websdk() calls', () => {
  it('an invalid input reaches the callback without a network call', async () => {
    const { sent, transport } = recording();
    const sdk = createWebsdk(INIT, transport);
    const seen: unknown[] = [];
    const r = await sdk.submitWdRequest({ amount: '1.00', userId: 'u' }, (res) => seen.push(res));
    expect(sent).toEqual([]);
    expect(seen).toEqual([r]);
    expect(r).toMatchObject({ status: 'ERROR', errCode: 1019, errorDescription: 'upoId is required' });
    const c = await sdk.cancelWdRequest({ userTokenId: 'u' });
    expect(c).toMatchObject({ status: 'Error', errCode: 1019 });
    expect(sent).toEqual([]);
  });

  it('an invalid initialisation fails every call without a network call', async () => {
    const { sent, transport } = recording();
    for (const init of [
      { ...INIT, sessionToken: '' },
      { ...INIT, merchantId: long(21) },
      { ...INIT, merchantSiteId: undefined },
      { ...INIT, env: 'test' },
    ]) {
      const r = await createWebsdk(init as never, transport).getWdRequests({ userTokenId: 'u' });
      expect(r).toMatchObject({ status: 'ERROR', errCode: 1019 });
    }
    expect(sent).toEqual([]);
  });

  it('sends valid calls with the initialisation ids as defaults, and hands the answer to the callback', async () => {
    const { sent, transport } = recording();
    const sdk = createWebsdk(INIT, transport);
    let got: unknown;
    await sdk.submitWdRequest({ ...SUBMIT, merchantWDRequestId: 'm-1' }, (res) => (got = res));
    await sdk.cancelWdRequest({ userTokenId: 'u', wdRequestId: '77', merchantSiteId: '333' });
    expect(sent).toEqual([
      {
        method: 'submitWdRequest',
        body: {
          sessionToken: INIT.sessionToken,
          merchantId: '111',
          merchantSiteId: '222',
          ...SUBMIT,
          merchantWDRequestId: 'm-1',
        },
      },
      {
        method: 'cancelWdRequest',
        body: {
          sessionToken: INIT.sessionToken,
          merchantId: '111',
          merchantSiteId: '333',
          userTokenId: 'u',
          wdRequestId: 77,
        },
      },
    ]);
    expect(got).toMatchObject({ status: 'SUCCESS', method: 'submitWdRequest' });
  });

  it('a transport failure is a Network error result; a throwing callback does not break the SDK', async () => {
    const sdk = createWebsdk(INIT, async () => {
      throw new Error('offline');
    });
    const r = await sdk.getWdRequests({ userTokenId: 'u' }, () => {
      throw new Error('merchant bug');
    });
    expect(r).toMatchObject({ status: 'ERROR', errCode: 1000, errorDescription: 'Network error' });
  });
});
