/**
 * The one table of checksum field orders (ADR 0650): every session-API method the server verifies,
 * the fields its checksum covers in order, and the rule that reads them (docs/session-api.md):
 *
 * - `seed`: scalar values only, `urlDetails` standing for its four URLs (`security/checksum.ts`);
 * - `catalogue`: nested objects and arrays flattened in order, a boolean in either text form
 *   (`security/catalogue-checksum.ts`, docs/decisions/0123);
 * - `withdrawal`: the order the PHP SDK hashes a withdrawal call's required fields in, accepted beside
 *   the body order (`security/withdrawal-checksum.ts`, docs/decisions/0131).
 *
 * `CHECKSUM_FIELDS`, `CATALOGUE_CHECKSUM_FIELDS` and `WITHDRAWAL_REQ_CHECKSUM_FIELDS` are derived from
 * it. The merchant kit (`@gatehouse/client`) carries its own copy of the seed part, since it is
 * published on its own; `security/checksum.test.ts` holds it equal to this table.
 */

const IDS = ['merchantId', 'merchantSiteId'] as const;
const PLAIN = [...IDS, 'clientRequestId', 'timeStamp'] as const;
const AMOUNT = [...IDS, 'clientRequestId', 'amount', 'currency', 'timeStamp'] as const;
const USER = [...IDS, 'userTokenId', 'clientRequestId', 'timeStamp'] as const;
const USER_UPO = [...IDS, 'userTokenId', 'clientRequestId', 'userPaymentOptionId', 'timeStamp'] as const;
const TRANSACTION_HEAD = [
  ...IDS,
  'clientRequestId',
  'clientUniqueId',
  'amount',
  'currency',
  'relatedTransactionId',
  'authCode',
] as const;
const TRANSACTION_TAIL = ['comment', 'urlDetails', 'timeStamp'] as const;
const USER_DETAILS = [
  ...IDS,
  'userTokenId',
  'clientRequestId',
  'firstName',
  'lastName',
  'address',
  'state',
  'city',
  'zip',
  'countryCode',
  'phone',
  'locale',
  'email',
  'county',
  'timeStamp',
] as const;
const NET_DEPOSITS = [...IDS, 'userTokenId', 'currency', 'userPMId', 'timeStamp'] as const;

const seed = <const F extends readonly string[]>(fields: F) => ({ rule: 'seed', fields }) as const;
const catalogue = <const F extends readonly string[]>(fields: F) => ({ rule: 'catalogue', fields }) as const;
const withdrawal = <const F extends readonly string[]>(fields: F) => ({ rule: 'withdrawal', fields }) as const;

export const CHECKSUM_TABLE = {
  // the seed methods
  getSessionToken: seed(PLAIN),
  openOrder: seed(AMOUNT),
  updateOrder: seed(AMOUNT),
  getPaymentStatus: seed(AMOUNT),
  payment: seed(AMOUNT),
  initPayment: seed(AMOUNT),
  payout: seed(AMOUNT),
  getCardDetails: seed(AMOUNT),
  getDccDetails: seed(AMOUNT),
  cardTokenization: seed(AMOUNT),
  settleTransaction: seed([
    ...TRANSACTION_HEAD,
    'descriptorMerchantName',
    'descriptorMerchantPhone',
    ...TRANSACTION_TAIL,
  ]),
  refundTransaction: seed([...TRANSACTION_HEAD, ...TRANSACTION_TAIL]),
  voidTransaction: seed([...TRANSACTION_HEAD, ...TRANSACTION_TAIL]),
  getUserUPOs: seed(USER),
  deleteUPO: seed(USER_UPO),

  // users and stored payment options (docs/session-methods.md)
  createUser: catalogue(USER_DETAILS),
  updateUser: catalogue(USER_DETAILS),
  getUserDetails: catalogue(USER),
  // one SDK inserts userPaymentOptionId before timeStamp, the other omits it: both agree when it is absent
  addUPOCreditCard: catalogue([
    ...IDS,
    'userTokenId',
    'clientRequestId',
    'ccCardNumber',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'billingAddress',
    'userPaymentOptionId',
    'timeStamp',
  ]),
  addUPOCreditCardByToken: catalogue([
    ...IDS,
    'userTokenId',
    'clientRequestId',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'ccToken',
    'brand',
    'uniqueCC',
    'bin',
    'last4Digits',
    'billingAddress',
    'timeStamp',
  ]),
  addUPOCreditCardByTempToken: catalogue(PLAIN),
  addUPOAPM: catalogue([
    ...IDS,
    'userTokenId',
    'clientRequestId',
    'paymentMethodName',
    'apmData',
    'billingAddress',
    'timeStamp',
  ]),
  editUPOCC: catalogue([
    ...IDS,
    'userTokenId',
    'clientRequestId',
    'userPaymentOptionId',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'billingAddress',
    'timeStamp',
  ]),
  editUPOAPM: catalogue([
    ...IDS,
    'userTokenId',
    'clientRequestId',
    'userPaymentOptionId',
    'apmData',
    'billingAddress',
    'timeStamp',
  ]),
  suspendUPO: catalogue(USER_UPO),
  enableUPO: catalogue(USER_UPO),

  // plans and subscriptions
  getPlansList: catalogue([...IDS, 'timeStamp']),
  createPlan: catalogue([...IDS, 'name', 'initialAmount', 'recurringAmount', 'currency', 'timeStamp']),
  editPlan: catalogue([...IDS, 'planId', 'initialAmount', 'recurringAmount', 'currency', 'timeStamp']),
  getSubscriptionPlans: catalogue(PLAIN),
  getOrderDetails: catalogue(PLAIN),
  createSubscription: catalogue([
    ...IDS,
    'userTokenId',
    'planId',
    'userPaymentOptionId',
    'initialAmount',
    'recurringAmount',
    'currency',
    'timeStamp',
  ]),
  editSubscription: catalogue([
    ...IDS,
    'subscriptionId',
    'userPaymentOptionId',
    'recurringAmount',
    'currency',
    'timeStamp',
  ]),
  cancelSubscription: catalogue([...IDS, 'subscriptionId', 'timeStamp']),
  // arrays flattened in order
  getSubscriptionsList: catalogue([
    ...IDS,
    'userTokenId',
    'planIds',
    'subscriptionIds',
    'subscriptionStatus',
    'timeStamp',
  ]),

  // KYC and lookups
  eKYC: catalogue(PLAIN),
  getDocumentUploadUrl: catalogue(PLAIN),
  getMerchantPaymentMethods: catalogue(PLAIN),
  getPayoutStatus: catalogue(PLAIN),

  // the session payment family (docs/session-methods.md); verify3d's checksum is checked only when sent
  paymentCC: catalogue(AMOUNT),
  paymentAPM: catalogue(AMOUNT),
  payment3D: catalogue(AMOUNT),
  dynamic3D: catalogue(AMOUNT),
  authorization3D: catalogue(AMOUNT),
  authorize3d: catalogue(AMOUNT),
  verify3d: catalogue(AMOUNT),
  authenticate3d: catalogue(AMOUNT),

  // the withdrawal management calls (docs/withdrawals.md)
  getRequests: withdrawal([...IDS, 'timeStamp']),
  getCandidatesForRefund: withdrawal([...IDS, 'wdRequestId', 'timeStamp']),
  placeWithdrawalOrder: withdrawal([
    ...IDS,
    'wdRequestId',
    'merchantWDRequestId',
    'userPMId',
    'amount',
    'currency',
    'settlementType',
    'timeStamp',
  ]),
  getOrders: withdrawal([...IDS, 'merchantUniqueId', 'timeStamp']),
  settleWithdrawalOrder: withdrawal([...IDS, 'wdOrderId', 'timeStamp']),
  updateOrdersDetails: withdrawal([...IDS, 'wdOrderIds', 'details', 'timeStamp']),
  getNetDeposits: withdrawal(NET_DEPOSITS),
  updateNetDepositValue: withdrawal([
    ...IDS,
    'userTokenId',
    'userPMId',
    'amount',
    'movementType',
    'currency',
    'timeStamp',
  ]),
  getUserPaymentMethodNetDeposits: withdrawal(NET_DEPOSITS),
} as const;

type Table = typeof CHECKSUM_TABLE;
export type ChecksumRuleName = Table[keyof Table]['rule'];

/** The methods of one rule, each with its fields. */
export type FieldsOf<R extends ChecksumRuleName> = {
  readonly [K in keyof Table as Table[K]['rule'] extends R ? K : never]: Table[K]['fields'];
};

/** The part of the table that `rule` reads. */
export function fieldsOf<R extends ChecksumRuleName>(rule: R): FieldsOf<R> {
  const out: Record<string, readonly string[]> = {};
  for (const [method, entry] of Object.entries(CHECKSUM_TABLE)) if (entry.rule === rule) out[method] = entry.fields;
  return out as FieldsOf<R>;
}
