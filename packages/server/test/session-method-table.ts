import { buildWithdrawalRequest, type MerchantCredentials } from '@gatehouse/client';
import type { ExpectStatic } from 'vitest';
import { CATALOGUE_CHECKSUM_FIELDS as CF } from '../src/security/catalogue-checksum.js';
import { CHECKSUM_FIELDS as SF } from '../src/security/checksum.js';
import type { Gateway, HttpResult } from './harness.js';
import { wireCard } from './payment-cards.js';
import { checksumOver, wireTimeStamp } from './wire-client.js';

/**
 * A valid body for every session method the server registers (`/ppp/api/**`), with the fixtures that
 * make what each needs first (users, cards, orders, payments, withdrawal requests …) through the real
 * server. Shared by the method matrix (`src/http/session/method-matrix.test.ts`), the session-methods
 * doc test and `scripts/session-examples.ts`, which writes `docs/session-methods.md` from it.
 * No vitest at run time here (the script runs under plain node): a row's `foreign` check gets `expect`.
 */

export type Json = Record<string, any>;
export type Body = Record<string, unknown>;

/** How a method is signed: a field order, [BODY] (every member in order), or no checksum (sessionToken). */
export type Signing = { order: readonly string[] } | 'body' | 'none';

export interface Fx {
  /** a new user of the demo site */
  user(): Promise<string>;
  /** a new user with an addUPOCreditCard card: ids and the answer */
  card(): Promise<{ userTokenId: string; upo: string; answer: Json }>;
  /** a live session with an order (10.00 EUR) */
  order(extra?: Body): Promise<{ sessionToken: string; orderId: string }>;
  /** a live session without an order */
  session(): Promise<string>;
  /** an approved card payment of 10.00 EUR (`Sale` or `Auth`) */
  paid(type?: 'Sale' | 'Auth', userTokenId?: string, upo?: string): Promise<Json>;
  plan(): Promise<string>;
  subscription(): Promise<Json>;
  /** a Pending withdrawal request of a user with a card UPO */
  wdRequest(amount?: string): Promise<{ userTokenId: string; upo: string; r: Json }>;
  /** an Approved withdrawal order */
  wdOrder(): Promise<Json>;
  /** a v1 call signed over `order` with our credentials; must succeed */
  call(method: string, order: readonly string[], fields: Body): Promise<Json>;
  /** an unsigned v1 call; must succeed */
  post(method: string, fields: Body): Promise<Json>;
  /** an order's session and the approved InitAuth3D of `number` on it: sessionToken, relatedTransactionId, amount, currency */
  initAuth3D(number?: string): Promise<Body & { sessionToken: string }>;
  /** a session whose user has an enrolled bank account */
  enrolled(): Promise<Body>;
  seq(): number;
}

export interface Row {
  method: string;
  folder?: 'withdrawal';
  signing: Signing;
  /** a valid body (what the method needs is made first) */
  body(fx: Fx): Promise<Body>;
  /** a required field to drop, and the errCode its absence gives */
  drop: string;
  dropCode?: number;
  /**
   * the other merchant, signing correctly, sends the same body (our resources): refused unless
   * `scoped` (the method acts on the caller's own site only, e.g. creates or lists), or checked by a function
   */
  foreign?: 'scoped' | ((json: Json, expect: ExpectStatic) => void);
}

export const FRICTIONLESS = '4000020951595032';
export const CHALLENGE = '2221008123677736';
export const APM = (paymentMethod: string) => ({ alternativePaymentMethod: { paymentMethod } });
export const PERIOD = (m: string, y = '0') => ({ day: '0', month: m, year: y });
export const BILLING = { firstName: 'Ada', lastName: 'Byron', country: 'GB', email: 'ada@example.com' };

export const ROWS: Row[] = [
  // seed methods (docs/session-api.md)
  {
    method: 'getSessionToken',
    signing: { order: SF.getSessionToken },
    body: async (fx) => ({ clientRequestId: `st-${fx.seq()}` }),
    drop: 'timeStamp',
    dropCode: 1021,
    foreign: 'scoped',
  },
  {
    method: 'openOrder',
    signing: { order: SF.openOrder },
    body: async (fx) => ({
      clientUniqueId: `mx-${fx.seq()}`,
      clientRequestId: `oo-${fx.seq()}`,
      amount: '10.00',
      currency: 'EUR',
    }),
    drop: 'amount',
    dropCode: 1040,
    foreign: 'scoped',
  },
  {
    method: 'updateOrder',
    signing: { order: SF.updateOrder },
    body: async (fx) => {
      const o = await fx.order();
      return {
        sessionToken: o.sessionToken,
        orderId: o.orderId,
        clientUniqueId: `uo-${fx.seq()}`,
        clientRequestId: `uo-${fx.seq()}`,
        amount: '12.34',
        currency: 'EUR',
      };
    },
    drop: 'orderId',
  },
  {
    method: 'getPaymentStatus',
    signing: 'none',
    body: async (fx) => ({ sessionToken: (await fx.order()).sessionToken }),
    drop: 'sessionToken',
  },
  {
    method: 'payment',
    signing: { order: SF.payment },
    body: async (fx) => ({
      sessionToken: (await fx.order()).sessionToken,
      clientRequestId: `p-${fx.seq()}`,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { card: wireCard('4761344136141390') },
      billingAddress: BILLING,
    }),
    drop: 'paymentOption',
    dropCode: 1060,
  },
  {
    method: 'initPayment',
    signing: { order: SF.initPayment },
    body: async (fx) => ({
      sessionToken: (await fx.order()).sessionToken,
      clientRequestId: `ip-${fx.seq()}`,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { card: wireCard('4761344136141390') },
    }),
    drop: 'paymentOption',
    dropCode: 1060,
  },
  {
    method: 'settleTransaction',
    signing: { order: SF.settleTransaction },
    body: async (fx) => ({
      clientRequestId: `s-${fx.seq()}`,
      relatedTransactionId: (await fx.paid('Auth')).transactionId,
      amount: '10.00',
      currency: 'EUR',
    }),
    drop: 'relatedTransactionId',
  },
  {
    method: 'refundTransaction',
    signing: { order: SF.refundTransaction },
    body: async (fx) => ({
      clientRequestId: `r-${fx.seq()}`,
      relatedTransactionId: (await fx.paid()).transactionId,
      amount: '4.00',
      currency: 'EUR',
    }),
    drop: 'relatedTransactionId',
  },
  // as one client sends it: no amount and no currency, the whole transaction is voided (docs/decisions/0370)
  {
    method: 'voidTransaction',
    signing: { order: SF.voidTransaction },
    body: async (fx) => ({
      clientRequestId: `v-${fx.seq()}`,
      clientUniqueId: 'void-1',
      relatedTransactionId: (await fx.paid()).transactionId,
    }),
    drop: 'relatedTransactionId',
  },
  {
    method: 'payout',
    signing: { order: SF.payout },
    body: async (fx) => {
      const c = await fx.card();
      return {
        userTokenId: c.userTokenId,
        clientRequestId: `po-${fx.seq()}`,
        amount: '5.00',
        currency: 'EUR',
        userPaymentOption: { userPaymentOptionId: c.upo },
      };
    },
    drop: 'userTokenId',
  },
  {
    method: 'getCardDetails',
    signing: { order: SF.getCardDetails },
    body: async (fx) => ({
      sessionToken: (await fx.order()).sessionToken,
      clientRequestId: `cd-${fx.seq()}`,
      cardNumber: '4761344136141390',
    }),
    drop: 'cardNumber',
    dropCode: 1004,
  },
  {
    method: 'getDccDetails',
    signing: { order: SF.getDccDetails },
    body: async (fx) => ({
      sessionToken: await fx.session(),
      clientUniqueId: 'u-dcc',
      clientRequestId: `dcc-${fx.seq()}`,
      originalAmount: '10.00',
      originalCurrency: 'EUR',
      cardNumber: '4000008260000000',
    }),
    drop: 'originalCurrency',
  },
  {
    method: 'cardTokenization',
    signing: { order: SF.cardTokenization },
    body: async (fx) => ({
      sessionToken: await fx.session(),
      clientRequestId: `ct-${fx.seq()}`,
      cardData: wireCard('4761344136141390'),
    }),
    drop: 'cardData',
  },
  {
    method: 'getUserUPOs',
    signing: { order: SF.getUserUPOs },
    body: async (fx) => ({ userTokenId: (await fx.card()).userTokenId, clientRequestId: `gu-${fx.seq()}` }),
    drop: 'userTokenId',
    foreign: 'scoped',
  },
  {
    method: 'deleteUPO',
    signing: { order: SF.deleteUPO },
    body: async (fx) => {
      const c = await fx.card();
      return { userTokenId: c.userTokenId, clientRequestId: `du-${fx.seq()}`, userPaymentOptionId: c.upo };
    },
    drop: 'userPaymentOptionId',
    dropCode: 1011,
  },
  // users and stored payment options (docs/session-methods.md)
  {
    method: 'createUser',
    signing: { order: CF.createUser },
    body: async (fx) => ({
      userTokenId: `mx-new-${fx.seq()}`,
      clientRequestId: 'c',
      firstName: 'Ada',
      lastName: 'Byron',
      countryCode: 'GB',
      email: 'ada@example.com',
    }),
    drop: 'email',
    foreign: 'scoped',
  },
  {
    method: 'updateUser',
    signing: { order: CF.updateUser },
    body: async (fx) => ({ userTokenId: await fx.user(), clientRequestId: 'c', lastName: 'Lovelace' }),
    drop: 'userTokenId',
  },
  {
    method: 'getUserDetails',
    signing: { order: CF.getUserDetails },
    body: async (fx) => ({ userTokenId: await fx.user(), clientRequestId: 'c' }),
    drop: 'userTokenId',
  },
  {
    method: 'addUPOCreditCard',
    signing: { order: CF.addUPOCreditCard },
    body: async (fx) => ({
      userTokenId: await fx.user(),
      clientRequestId: 'c',
      ccCardNumber: '5555555555554444',
      ccExpMonth: '12',
      ccExpYear: '2030',
      ccNameOnCard: 'Ada Byron',
    }),
    drop: 'ccCardNumber',
  },
  {
    method: 'addUPOCreditCardByToken',
    signing: { order: CF.addUPOCreditCardByToken },
    body: async (fx) => {
      const { answer: a } = await fx.card();
      return {
        userTokenId: await fx.user(),
        clientRequestId: 'c',
        ccExpMonth: '11',
        ccExpYear: '2031',
        ccNameOnCard: 'Grace',
        ccToken: a.ccToken,
        brand: a.brand,
        uniqueCC: a.uniqueCC,
        bin: a.bin,
        last4Digits: a.last4Digits,
      };
    },
    drop: 'ccToken',
  },
  {
    method: 'addUPOCreditCardByTempToken',
    signing: { order: CF.addUPOCreditCardByTempToken },
    body: async (fx) => {
      const sessionToken = await fx.session();
      const t = await fx.post('cardTokenization', { sessionToken, cardData: wireCard('5555555555554444') });
      return { sessionToken, userTokenId: await fx.user(), clientRequestId: 'c', ccTempToken: t.ccTempToken };
    },
    drop: 'ccTempToken',
  },
  {
    method: 'addUPOAPM',
    signing: { order: CF.addUPOAPM },
    body: async (fx) => ({
      userTokenId: await fx.user(),
      clientRequestId: 'c',
      paymentMethodName: 'apmgw_expresscheckout',
      apmData: { email: 'ada@example.com' },
    }),
    drop: 'paymentMethodName',
  },
  {
    method: 'editUPOCC',
    signing: { order: CF.editUPOCC },
    body: async (fx) => {
      const c = await fx.card();
      return {
        userTokenId: c.userTokenId,
        clientRequestId: 'c',
        userPaymentOptionId: c.upo,
        ccExpMonth: '03',
        ccExpYear: '2031',
        ccNameOnCard: 'A Lovelace',
      };
    },
    drop: 'userPaymentOptionId',
  },
  {
    method: 'editUPOAPM',
    signing: { order: CF.editUPOAPM },
    body: async (fx) => {
      const userTokenId = await fx.user();
      const a = await fx.call('addUPOAPM', CF.addUPOAPM, {
        userTokenId,
        clientRequestId: 'c',
        paymentMethodName: 'apmgw_expresscheckout',
        apmData: { email: 'ada@example.com' },
      });
      return {
        userTokenId,
        clientRequestId: 'c',
        userPaymentOptionId: a.userPaymentOptionId,
        apmData: { email: 'ada@lovelace.uk' },
      };
    },
    drop: 'apmData',
  },
  ...(['suspendUPO', 'enableUPO'] as const).map((method): Row => ({
    method,
    signing: { order: CF[method] },
    body: async (fx) => {
      const c = await fx.card();
      return { userTokenId: c.userTokenId, clientRequestId: 'c', userPaymentOptionId: c.upo };
    },
    drop: 'userPaymentOptionId',
  })),
  // plans and subscriptions (2.7)
  {
    method: 'createPlan',
    signing: { order: CF.createPlan },
    body: async (fx) => ({
      name: `Plan ${fx.seq()}`,
      initialAmount: '0',
      recurringAmount: '9.99',
      currency: 'EUR',
      startAfter: PERIOD('0'),
      recurringPeriod: PERIOD('1'),
      endAfter: PERIOD('0', '1'),
      planStatus: 'ACTIVE',
    }),
    drop: 'endAfter',
    foreign: 'scoped',
  },
  {
    method: 'editPlan',
    signing: { order: CF.editPlan },
    body: async (fx) => ({ planId: await fx.plan(), recurringAmount: '12.50' }),
    drop: 'planId',
  },
  {
    method: 'getPlansList',
    signing: { order: CF.getPlansList },
    body: async () => ({}),
    drop: 'merchantSiteId',
    dropCode: 1022,
    foreign: 'scoped',
  },
  {
    method: 'getSubscriptionPlans',
    signing: { order: CF.getSubscriptionPlans },
    body: async () => ({ clientRequestId: 'c' }),
    drop: 'merchantSiteId',
    dropCode: 1022,
    foreign: 'scoped',
  },
  {
    method: 'createSubscription',
    signing: { order: CF.createSubscription },
    body: async (fx) => {
      const c = await fx.card();
      return {
        userTokenId: c.userTokenId,
        planId: await fx.plan(),
        userPaymentOptionId: c.upo,
        endAfter: PERIOD('2'),
        clientRequestId: 'c',
      };
    },
    drop: 'planId',
  },
  {
    method: 'editSubscription',
    signing: { order: CF.editSubscription },
    body: async (fx) => ({
      subscriptionId: (await fx.subscription()).subscriptionId,
      recurringAmount: '12.50',
      clientRequestId: 'c',
    }),
    drop: 'subscriptionId',
  },
  {
    method: 'cancelSubscription',
    signing: { order: CF.cancelSubscription },
    body: async (fx) => ({ subscriptionId: (await fx.subscription()).subscriptionId, clientRequestId: 'c' }),
    drop: 'subscriptionId',
  },
  {
    method: 'getSubscriptionsList',
    signing: { order: CF.getSubscriptionsList },
    body: async (fx) => ({ subscriptionIds: [(await fx.subscription()).subscriptionId] }),
    drop: 'merchantSiteId',
    dropCode: 1022,
    foreign: 'scoped',
  },
  // withdrawals (2.8)
  {
    method: 'submitRequest',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => {
      const c = await fx.card();
      return {
        userTokenId: c.userTokenId,
        userId: `id-${c.userTokenId}`,
        userPMId: c.upo,
        amount: '5.00',
        currency: 'EUR',
        merchantWDRequestId: `mwd-${c.userTokenId}`,
        merchantUniqueId: `mu-${c.userTokenId}`,
      };
    },
    drop: 'userPMId',
    dropCode: 1011,
  },
  {
    method: 'getRequests',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => ({ wdRequestId: (await fx.wdRequest()).r.wdRequestId }),
    drop: 'merchantSiteId',
    dropCode: 1022,
    foreign: (j, expect) => expect(j).toMatchObject({ status: 'SUCCESS', totalCount: '0' }),
  },
  {
    method: 'cancelRequest',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => {
      const { userTokenId, r } = await fx.wdRequest();
      return { userTokenId, wdRequestId: r.wdRequestId, merchantWDRequestId: r.merchantWDRequestId };
    },
    drop: 'wdRequestId',
  },
  {
    method: 'approveRequest',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => {
      const { r } = await fx.wdRequest();
      return { wdRequestId: r.wdRequestId, merchantWDRequestId: r.merchantWDRequestId };
    },
    drop: 'wdRequestId',
  },
  {
    method: 'declineRequest',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => {
      const { r } = await fx.wdRequest();
      return { wdRequestId: r.wdRequestId, merchantWDRequestId: r.merchantWDRequestId };
    },
    drop: 'wdRequestId',
  },
  {
    method: 'sealRequest',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => {
      const { r } = await fx.wdRequest();
      return { wdRequestId: r.wdRequestId, merchantWDRequestId: r.merchantWDRequestId };
    },
    drop: 'merchantWDRequestId',
  },
  {
    method: 'placeWithdrawalOrder',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => {
      const { upo, r } = await fx.wdRequest();
      return {
        wdRequestId: r.wdRequestId,
        merchantWDRequestId: r.merchantWDRequestId,
        userPMId: upo,
        amount: '5.00',
        currency: 'EUR',
        settlementType: 0,
      };
    },
    drop: 'settlementType',
  },
  {
    method: 'getOrders',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => ({ merchantUniqueId: (await fx.wdOrder()).merchantUniqueId }),
    drop: 'merchantUniqueId',
    foreign: (j, expect) => expect(j.totalCount).toBe('0'),
  },
  {
    method: 'getOrderIds',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => ({ merchantUniqueId: (await fx.wdOrder()).merchantUniqueId }),
    drop: 'merchantUniqueId',
    foreign: (j, expect) => expect(j.wdOrderIds).toEqual([]),
  },
  {
    method: 'settleWithdrawalOrder',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => ({ wdOrderId: (await fx.wdOrder()).wdOrderId }),
    drop: 'wdOrderId',
  },
  {
    method: 'settleOrdersInBatch',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => ({ wdOrderIds: [(await fx.wdOrder()).wdOrderId] }),
    drop: 'wdOrderIds',
    foreign: (j, expect) => expect(j.orders[0]).toMatchObject({ operationStatus: 'ERROR' }),
  },
  {
    method: 'deleteWithdrawalOrder',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => ({ wdOrderId: (await fx.wdOrder()).wdOrderId }),
    drop: 'wdOrderId',
  },
  {
    method: 'updateOrdersDetails',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => ({
      wdOrderIds: [String((await fx.wdOrder()).wdOrderId)],
      details: { executionTime: '202611251200' },
    }),
    drop: 'details',
  },
  {
    method: 'getCandidatesForRefund',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => ({ wdRequestId: (await fx.wdRequest()).r.wdRequestId }),
    drop: 'wdRequestId',
  },
  ...(['getNetDeposits', 'getUserPaymentMethodNetDeposits'] as const).map((method): Row => ({
    method,
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => {
      const c = await fx.card();
      return { userTokenId: c.userTokenId, currency: 'EUR', userPMId: c.upo };
    },
    drop: 'userTokenId',
  })),
  {
    method: 'updateNetDepositValue',
    folder: 'withdrawal',
    signing: 'body',
    body: async (fx) => {
      const c = await fx.card();
      return { userTokenId: c.userTokenId, userPMId: c.upo, amount: '1.00', movementType: 2, currency: 'EUR' };
    },
    drop: 'movementType',
  },
  // KYC, accounts (2.9) and lookups (2.10)
  {
    method: 'eKYC',
    signing: { order: CF.eKYC },
    body: async (fx) => {
      const u = await fx.user();
      return {
        userTokenId: u,
        userId: `id-${u}`,
        clientUniqueId: 'cu',
        clientRequestId: `k-${fx.seq()}`,
        userDetails: { firstName: 'Ada', lastName: 'Byron', country: 'GB' },
        ekycUserDetails: {
          userName: 'ada',
          dateOfBirth: '1815-12-10',
          identification: 'X1',
          identificationType: 'passport',
        },
      };
    },
    drop: 'ekycUserDetails',
    foreign: 'scoped',
  },
  {
    method: 'getDocumentUploadUrl',
    signing: { order: CF.getDocumentUploadUrl },
    body: async (fx) => {
      const u = await fx.user();
      return {
        userTokenId: u,
        userId: 'u1',
        clientUniqueId: 'cu',
        clientRequestId: `d-${fx.seq()}`,
        userDetails: { firstName: 'Ada' },
        kycUserDetails: { documentType: 'passport' },
      };
    },
    drop: 'kycUserDetails',
    foreign: 'scoped',
  },
  {
    method: 'addBankAccount',
    signing: 'body',
    body: async (fx) => {
      const u = `mx-bank-${fx.seq()}`;
      const { sessionToken } = await fx.order({ userTokenId: u });
      return {
        sessionToken,
        clientUniqueId: 'cu-b',
        clientRequestId: `rb-${fx.seq()}`,
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: `id-${u}`,
        bankAccount: { bankName: 'First Bank', accountNumber: '000123456789', routingNumber: '011000015' },
        userTokenId: u,
      };
    },
    drop: 'bankAccount',
  },
  {
    method: 'enrollAccount',
    signing: 'none',
    body: async (fx) => {
      const u = `mx-enrol-${fx.seq()}`;
      const { sessionToken } = await fx.order({ userTokenId: u });
      return {
        sessionToken,
        clientUniqueId: 'cu-e',
        clientRequestId: `re-${fx.seq()}`,
        paymentOption: APM('apmgw_PlayPlus'),
        userId: `id-${u}`,
        userTokenId: u,
      };
    },
    drop: 'paymentOption',
  },
  { method: 'fundAccount', signing: 'none', body: async (fx) => fx.enrolled(), drop: 'paymentOption' },
  { method: 'getAccountDetails', signing: 'none', body: async (fx) => fx.enrolled(), drop: 'paymentOption' },
  {
    method: 'accountCapture',
    signing: 'none',
    body: async (fx) => {
      const u = `mx-cap-${fx.seq()}`;
      const { sessionToken } = await fx.order({ userTokenId: u });
      return {
        sessionToken,
        userTokenId: u,
        paymentMethod: 'apmgw_BankPayout',
        currencyCode: 'EUR',
        countryCode: 'DE',
        amount: '10.00',
        languageCode: 'en',
      };
    },
    drop: 'userTokenId',
  },
  {
    method: 'getMerchantPaymentMethods',
    signing: { order: CF.getMerchantPaymentMethods },
    body: async (fx) => ({ sessionToken: (await fx.order()).sessionToken, clientRequestId: 'r1' }),
    drop: 'sessionToken',
  },
  {
    method: 'getMcpRates',
    signing: 'none',
    body: async (fx) => ({ sessionToken: (await fx.order()).sessionToken, fromCurrency: 'EUR' }),
    drop: 'fromCurrency',
  },
  {
    method: 'getPayoutStatus',
    signing: { order: CF.getPayoutStatus },
    body: async (fx) => {
      const c = await fx.card();
      const clientRequestId = `ps-${fx.seq()}`;
      await fx.call('payout', SF.payout, {
        userTokenId: c.userTokenId,
        clientRequestId,
        amount: '7.50',
        currency: 'EUR',
        userPaymentOption: { userPaymentOptionId: c.upo },
      });
      return { clientRequestId };
    },
    drop: 'clientRequestId',
  },
  // the payment family (decisions 0141-0144)
  {
    method: 'paymentCC',
    signing: { order: CF.paymentCC },
    body: async (fx) => ({
      sessionToken: (await fx.order()).sessionToken,
      clientRequestId: `pcc-${fx.seq()}`,
      amount: '10.00',
      currency: 'EUR',
      transactionType: 'Sale',
      isRebilling: '0',
      cardData: wireCard('4761344136141390'),
    }),
    drop: 'cardData',
  },
  {
    method: 'paymentAPM',
    signing: { order: CF.paymentAPM },
    body: async (fx) => ({
      sessionToken: (await fx.order()).sessionToken,
      clientRequestId: `papm-${fx.seq()}`,
      amount: '10.00',
      currency: 'EUR',
      paymentMethod: 'apmgw_RedirectPay',
      userAccountDetails: { email: 'ada@example.com' },
    }),
    drop: 'paymentMethod',
  },
  {
    method: 'payment3D',
    signing: { order: CF.payment3D },
    body: async (fx) => ({
      sessionToken: (await fx.order()).sessionToken,
      clientRequestId: `p3d-${fx.seq()}`,
      amount: '10.00',
      currency: 'EUR',
      paymentMethod: 'cc_card',
      paResponse: '',
      cardData: wireCard(FRICTIONLESS),
    }),
    drop: 'paymentMethod',
  },
  ...(['dynamic3D', 'authorization3D'] as const).map((method): Row => ({
    method,
    signing: { order: CF[method] },
    body: async (fx) => ({ ...(await fx.initAuth3D()), isDynamic3D: '1', cardData: wireCard(FRICTIONLESS) }),
    drop: 'relatedTransactionId',
  })),
  ...(['authorize3d', 'authenticate3d'] as const).map((method): Row => ({
    method,
    signing: { order: CF[method] },
    body: async (fx) => ({
      ...(await fx.initAuth3D()),
      paymentOption: { card: { ...wireCard(FRICTIONLESS), threeD: { methodCompletionInd: 'Y', platformType: '02' } } },
    }),
    drop: 'relatedTransactionId',
  })),
  {
    method: 'verify3d',
    signing: 'none',
    body: async (fx) => {
      // authorize3d's challenge, answered on the ACS page; verify3d then pays it
      const init = await fx.initAuth3D(CHALLENGE);
      const card = wireCard(CHALLENGE);
      const a = await fx.call('authorize3d', CF.authorize3d, {
        ...init,
        paymentOption: { card: { ...card, threeD: { notificationURL: 'https://merchant.example/3ds' } } },
      });
      const acs = await fetch(a.paymentOption.card.threeD.acsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=complete&code=123456',
      });
      if (acs.status !== 200) throw new Error(`the ACS page answered ${acs.status}`);
      return {
        sessionToken: init.sessionToken,
        amount: '10.00',
        currency: 'EUR',
        relatedTransactionId: a.transactionId,
        paymentOption: { card },
      };
    },
    drop: 'relatedTransactionId',
  },
  {
    method: 'getDocumentUrl',
    signing: 'none',
    body: async (fx) => ({
      sessionToken: (await fx.order()).sessionToken,
      clientUniqueId: 'cu',
      clientRequestId: 'r',
      paymentOption: APM('apmgw_RedirectPay'),
      documentType: 'PrivacyPolicy',
    }),
    drop: 'documentType',
  },
  // the order of a session (docs/decisions/0150)
  {
    method: 'getOrderDetails',
    signing: { order: CF.getOrderDetails },
    body: async (fx) => {
      const o = await fx.order();
      return { sessionToken: o.sessionToken, orderId: o.orderId, clientRequestId: `od-${fx.seq()}` };
    },
    drop: 'sessionToken',
  },
];

/** A method's path. */
export const pathOf = (r: Pick<Row, 'method' | 'folder'>) => `/ppp/api/${r.folder ?? 'v1'}/${r.method}.do`;

/** A request body signed as `signing` says, with `creds`, at the gateway's clock. */
export function signedBody(gw: Gateway, signing: Signing, fields: Body, creds: MerchantCredentials): Body {
  if (signing === 'none') return { ...fields };
  if (signing === 'body') return buildWithdrawalRequest(creds, fields, { now: new Date(gw.clock.now()) }) as Body;
  const body: Body = {
    merchantId: creds.merchantId,
    merchantSiteId: creds.merchantSiteId,
    ...fields,
    timeStamp: wireTimeStamp(gw.clock.now()),
  };
  body.checksum = checksumOver(signing.order, body, creds.merchantSecretKey);
  return body;
}

/** The fixtures of the table on `gw`, acting as `ours`; each helper call must succeed (else it throws). */
export function methodFixtures(gw: Gateway, ours: MerchantCredentials): Fx {
  let n = 0;
  const signed = (signing: Signing, fields: Body, creds: MerchantCredentials) => signedBody(gw, signing, fields, creds);
  const send = (r: Pick<Row, 'method' | 'folder'>, body: unknown): Promise<HttpResult> =>
    gw.request('POST', pathOf(r), { body });
  const ok = (res: HttpResult, what: string): Json => {
    if (res.json?.status !== 'SUCCESS' || res.json?.errCode !== 0) throw new Error(`${what}: ${res.text}`);
    return res.json;
  };
  const fx: Fx = {
    seq: () => ++n,
    call: async (m, order, f) => ok(await send({ method: m }, signed({ order }, f, ours)), m),
    post: async (m, f) => ok(await send({ method: m }, f), m),
    async user() {
      const userTokenId = `mx-user-${++n}`;
      await fx.call('createUser', CF.createUser, {
        userTokenId,
        clientRequestId: 'c',
        firstName: 'Ada',
        lastName: 'Byron',
        countryCode: 'GB',
        email: 'ada@example.com',
      });
      return userTokenId;
    },
    async card() {
      const userTokenId = await fx.user();
      const answer = await fx.call('addUPOCreditCard', CF.addUPOCreditCard, {
        userTokenId,
        clientRequestId: 'c',
        ccCardNumber: '4761344136141390',
        ccExpMonth: '12',
        ccExpYear: '2030',
        ccNameOnCard: 'Ada Byron',
      });
      return { userTokenId, upo: answer.userPaymentOptionId, answer };
    },
    async order(extra = {}) {
      const j = await fx.call('openOrder', SF.openOrder, {
        clientUniqueId: `mx-o-${++n}`,
        amount: '10.00',
        currency: 'EUR',
        ...extra,
      });
      return { sessionToken: j.sessionToken, orderId: j.orderId };
    },
    async session() {
      return (await fx.call('getSessionToken', SF.getSessionToken, { clientRequestId: `mx-s-${++n}` })).sessionToken;
    },
    async paid(type = 'Sale', userTokenId, upo) {
      const { sessionToken } = await fx.order(userTokenId ? { userTokenId } : {});
      const paymentOption = upo ? { userPaymentOptionId: upo } : { card: wireCard('4761344136141390') };
      const j = await fx.call('payment', SF.payment, {
        sessionToken,
        clientRequestId: `mx-p-${++n}`,
        amount: '10.00',
        currency: 'EUR',
        transactionType: type,
        ...(userTokenId ? { userTokenId } : {}),
        paymentOption,
        billingAddress: BILLING,
      });
      if (j.transactionStatus !== 'APPROVED') throw new Error(`payment: ${JSON.stringify(j)}`);
      return j;
    },
    async plan() {
      return (
        await fx.call('createPlan', CF.createPlan, {
          name: `Plan ${++n}`,
          initialAmount: '0',
          recurringAmount: '9.99',
          currency: 'EUR',
          startAfter: PERIOD('0'),
          recurringPeriod: PERIOD('1'),
          endAfter: PERIOD('0', '1'),
          planStatus: 'ACTIVE',
        })
      ).planId;
    },
    async subscription() {
      const c = await fx.card();
      return fx.call('createSubscription', CF.createSubscription, {
        userTokenId: c.userTokenId,
        planId: await fx.plan(),
        userPaymentOptionId: c.upo,
        endAfter: PERIOD('2'),
        clientRequestId: 'c',
      });
    },
    async wdRequest(amount = '5.00') {
      const c = await fx.card();
      const u = c.userTokenId;
      const r = ok(
        await send(
          { method: 'submitRequest', folder: 'withdrawal' },
          signed(
            'body',
            {
              userTokenId: u,
              userId: `id-${u}`,
              userPMId: c.upo,
              amount,
              currency: 'EUR',
              merchantWDRequestId: `mwd-${u}`,
              merchantUniqueId: `mu-${u}`,
            },
            ours,
          ),
        ),
        'submitRequest',
      );
      return { userTokenId: u, upo: c.upo, r };
    },
    async wdOrder() {
      const { userTokenId, upo, r } = await fx.wdRequest();
      const p = ok(
        await send(
          { method: 'placeWithdrawalOrder', folder: 'withdrawal' },
          signed(
            'body',
            {
              wdRequestId: r.wdRequestId,
              merchantWDRequestId: r.merchantWDRequestId,
              userPMId: upo,
              amount: '5.00',
              currency: 'EUR',
              settlementType: 0,
            },
            ours,
          ),
        ),
        'placeWithdrawalOrder',
      );
      return { ...p, merchantUniqueId: `mu-${userTokenId}` };
    },
    async initAuth3D(number = FRICTIONLESS) {
      const { sessionToken } = await fx.order();
      const money = { amount: '10.00', currency: 'EUR' };
      const i = await fx.call('initPayment', SF.initPayment, {
        sessionToken,
        clientRequestId: `mx-i-${++n}`,
        ...money,
        paymentOption: { card: wireCard(number) },
      });
      return { sessionToken, clientRequestId: `mx-3d-${++n}`, ...money, relatedTransactionId: i.transactionId };
    },
    async enrolled() {
      const u = `mx-acct-${++n}`;
      const { sessionToken } = await fx.order({ userTokenId: u });
      const body = {
        sessionToken,
        clientUniqueId: 'cu-b',
        clientRequestId: `rb-${++n}`,
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: `id-${u}`,
        bankAccount: { bankName: 'First Bank', accountNumber: '000123456789', routingNumber: '011000015' },
        userTokenId: u,
      };
      ok(await send({ method: 'addBankAccount' }, signed('body', body, ours)), 'addBankAccount');
      return {
        sessionToken,
        clientUniqueId: 'cu',
        clientRequestId: `ra-${++n}`,
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: `id-${u}`,
      };
    },
  };
  return fx;
}
