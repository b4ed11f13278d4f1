import { createHash } from 'node:crypto';
import type { Secret } from '../lib/secret.js';
import { constantTimeEqual } from './constant-time.js';

/**
 * Checksums of the methods of the real gateway's catalogue beyond the seed (issue 15, spec
 * server-methods 1.3): the listed fields present in the request, in the listed order, a nested
 * object or array flattened depth-first in the order its keys arrived, then the merchant secret key.
 * Values become text two ways, and either is accepted (docs/decisions/0123): as JSON shows them
 * (`true`, `false`), or as the PHP SDK writes them (`true` → `1`, `false` → empty). Nulls are skipped.
 */

type Render = (v: boolean) => string;
const JSON_RENDER: Render = (v) => String(v);
const PHP_RENDER: Render = (v) => (v ? '1' : '');

function flatten(value: unknown, out: string[], render: Render): boolean {
  let sawBoolean = false;
  if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
  else if (typeof value === 'boolean') {
    out.push(render(value));
    sawBoolean = true;
  } else if (Array.isArray(value)) for (const v of value) sawBoolean = flatten(v, out, render) || sawBoolean;
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) sawBoolean = flatten(v, out, render) || sawBoolean;
  return sawBoolean;
}

/** The values `fields` cover in `body`, in order. */
export function catalogueChecksumValues(
  fields: readonly string[],
  body: Readonly<Record<string, unknown>>,
  render: Render = JSON_RENDER,
): { values: string[]; sawBoolean: boolean } {
  const values: string[] = [];
  let sawBoolean = false;
  for (const f of fields) sawBoolean = flatten(body[f], values, render) || sawBoolean;
  return { values, sawBoolean };
}

const hash = (values: readonly string[], secret: Secret<string>) =>
  createHash('sha256')
    .update(values.join('') + secret.expose(), 'utf8')
    .digest('hex');

/** Does `presented` match the checksum over `fields` of `body`, in either text form? Constant time. */
export function verifyCatalogueChecksum(
  order: readonly string[],
  body: Readonly<Record<string, unknown>>,
  secret: Secret<string>,
  presented: string,
): boolean {
  const given = presented.toLowerCase();
  const plain = catalogueChecksumValues(order, body);
  let ok = constantTimeEqual(hash(plain.values, secret), given);
  if (plain.sawBoolean)
    ok = constantTimeEqual(hash(catalogueChecksumValues(order, body, PHP_RENDER).values, secret), given) || ok;
  return ok;
}

const USER_FIELDS = [
  'merchantId',
  'merchantSiteId',
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
const U = ['merchantId', 'merchantSiteId', 'userTokenId', 'clientRequestId', 'timeStamp'] as const;
const UP = [
  'merchantId',
  'merchantSiteId',
  'userTokenId',
  'clientRequestId',
  'userPaymentOptionId',
  'timeStamp',
] as const;
const S = ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'] as const;
const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'] as const;

/** The checksum field order of every catalogue method (spec server-methods 2.5–2.7). */
export const CATALOGUE_CHECKSUM_FIELDS = {
  createUser: USER_FIELDS,
  updateUser: USER_FIELDS,
  getUserDetails: U,
  // P's order; N inserts userPaymentOptionId before timeStamp: both agree when it is absent (spec 4)
  addUPOCreditCard: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'clientRequestId',
    'ccCardNumber',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'billingAddress',
    'userPaymentOptionId',
    'timeStamp',
  ],
  addUPOCreditCardByToken: [
    'merchantId',
    'merchantSiteId',
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
  ],
  addUPOCreditCardByTempToken: S,
  addUPOAPM: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'clientRequestId',
    'paymentMethodName',
    'apmData',
    'billingAddress',
    'timeStamp',
  ],
  editUPOCC: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'clientRequestId',
    'userPaymentOptionId',
    'ccExpMonth',
    'ccExpYear',
    'ccNameOnCard',
    'billingAddress',
    'timeStamp',
  ],
  editUPOAPM: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'clientRequestId',
    'userPaymentOptionId',
    'apmData',
    'billingAddress',
    'timeStamp',
  ],
  suspendUPO: UP,
  enableUPO: UP,
  getPlansList: ['merchantId', 'merchantSiteId', 'timeStamp'],
  createPlan: ['merchantId', 'merchantSiteId', 'name', 'initialAmount', 'recurringAmount', 'currency', 'timeStamp'],
  editPlan: ['merchantId', 'merchantSiteId', 'planId', 'initialAmount', 'recurringAmount', 'currency', 'timeStamp'],
  getSubscriptionPlans: S,
  getOrderDetails: S,
  createSubscription: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'planId',
    'userPaymentOptionId',
    'initialAmount',
    'recurringAmount',
    'currency',
    'timeStamp',
  ],
  editSubscription: [
    'merchantId',
    'merchantSiteId',
    'subscriptionId',
    'userPaymentOptionId',
    'recurringAmount',
    'currency',
    'timeStamp',
  ],
  cancelSubscription: ['merchantId', 'merchantSiteId', 'subscriptionId', 'timeStamp'],
  // arrays flattened in order
  getSubscriptionsList: [
    'merchantId',
    'merchantSiteId',
    'userTokenId',
    'planIds',
    'subscriptionIds',
    'subscriptionStatus',
    'timeStamp',
  ],
  // KYC and lookups (server facts 2.9, 2.10)
  eKYC: S,
  getDocumentUploadUrl: S,
  getMerchantPaymentMethods: S,
  getPayoutStatus: S,
  // the session payment family (issue 15, spec server-methods 2.2): [A]; verify3d's only when sent
  paymentCC: A,
  paymentAPM: A,
  payment3D: A,
  dynamic3D: A,
  authorization3D: A,
  authorize3d: A,
  verify3d: A,
  authenticate3d: A,
} as const satisfies Record<string, readonly string[]>;

export type CatalogueMethodName = keyof typeof CATALOGUE_CHECKSUM_FIELDS;
