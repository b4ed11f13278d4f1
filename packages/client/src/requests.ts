import { checksum, timeStamp } from './checksum.js';
import { checksumValues, type SessionMethod } from './checksum-fields.js';

/** What the gateway issued to the merchant: ids and the site's secret key (never sent, only hashed). */
export interface MerchantCredentials {
  merchantId: string;
  merchantSiteId: string;
  merchantSecretKey: string;
}

type Strings<K extends string> = Partial<Record<K, string>>;

export type MerchantDetails = Strings<`customField${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15}`>;
export type BillingAddress = { country: string; email: string; firstName: string; lastName: string } & Strings<
  | 'phone'
  | 'city'
  | 'address'
  | 'streetNumber'
  | 'zip'
  | 'state'
  | 'cell'
  | 'county'
  | 'addressMatch'
  | 'addressLine2'
  | 'addressLine3'
  | 'homePhone'
  | 'workPhone'
>;
export type UserDetails = Strings<
  | 'firstName'
  | 'lastName'
  | 'address'
  | 'streetNumber'
  | 'phone'
  | 'zip'
  | 'city'
  | 'country'
  | 'state'
  | 'email'
  | 'county'
  | 'language'
  | 'dateOfBirth'
  | 'identification'
>;
export type ShippingAddress = Strings<
  | 'salutation'
  | 'firstName'
  | 'lastName'
  | 'address'
  | 'streetNumber'
  | 'cell'
  | 'phone'
  | 'zip'
  | 'city'
  | 'country'
  | 'state'
  | 'email'
  | 'county'
  | 'addressLine2'
  | 'addressLine3'
  | 'companyName'
  | 'careOf'
>;
export interface Item {
  name: string;
  type: 'Discount' | 'Physical' | 'Shipping_fee' | 'Digital' | 'Gift_card' | 'Store_credit' | 'Surcharge' | 'Sales_tax';
  price: string;
  quantity: string;
  [optional: string]: string;
}
export type AmountDetails = Strings<'totalShipping' | 'totalHandling' | 'totalDiscount' | 'totalTax'>;
export type UrlDetails = Strings<
  'successUrl' | 'failureUrl' | 'pendingUrl' | 'notificationUrl' | 'appReturnLink' | 'appUrl'
>;

/** Members of an `updateOrder` request besides credentials, time stamp and checksum (docs/session-methods.md). */
export interface UpdateOrderFields {
  sessionToken: string;
  orderId: string;
  clientUniqueId: string;
  clientRequestId?: string;
  userTokenId?: string;
  amount?: string;
  currency?: string;
  amountDetails?: AmountDetails;
  items?: Item[];
  deviceDetails?: Strings<'ipAddress' | 'deviceType' | 'deviceName' | 'deviceOS' | 'browser'>;
  dynamicDescriptor?: Strings<'merchantName' | 'merchantPhone'>;
  merchantDetails?: MerchantDetails;
  addendums?: Record<string, unknown>;
  billingAddress?: BillingAddress;
  userDetails?: UserDetails;
  shippingAddress?: ShippingAddress;
}

/** Members of an `openOrder` request besides credentials, time stamp and checksum (docs/session-methods.md). */
export interface OpenOrderFields extends Omit<UpdateOrderFields, 'sessionToken' | 'orderId'> {
  /** a token from getSessionToken: the order is bound to it */
  sessionToken?: string;
  openAmount?: { min: string; max: string };
  externalSchemeDetails?: { transactionId: string; brand: 'VISA' | 'MASTERCARD' | 'AMEX' | 'DISCOVER' | 'DINERS' };
  authenticationOnlyType?: 'RECURRING' | 'INSTALLMENTS' | 'ADDCARD' | 'MAINTAINCARD' | 'ACCOUNTVERIFICATION';
  isRebilling?: '0' | '1';
  companyDetails?: { taxId?: string };
  recipientDetails?: Strings<'firstName' | 'lastName' | 'address'>;
  transactionType?: 'Sale' | 'Auth' | 'PreAuth';
  subMerchant?: Strings<'countryCode' | 'city' | 'id' | 'address' | 'state' | 'phone'>;
  isMoto?: '0' | '1';
  urlDetails?: UrlDetails;
  preventOverride?: '0' | '1';
  currencyConversion?: { type: 'MCP' | 'DCC'; originalAmount: string; originalCurrency: string };
  paymentOption?: { card?: { threeD?: Record<string, unknown>; storedCredentials?: Record<string, unknown> } };
  isPartialApproval?: '0' | '1' | boolean;
  productId?: string;
  customData?: string;
  webMasterId?: string;
  sessionCardDeclineLimit?: string;
  customSiteName?: string;
}

export interface GetSessionTokenFields {
  clientRequestId?: string;
}

export interface GetPaymentStatusFields {
  sessionToken: string;
  clientRequestId?: string;
}

export interface BuildOptions {
  /** the time stamp's time; default now on the merchant's clock */
  now?: Date;
}

export type SignedRequest<F> = F & { merchantId: string; merchantSiteId: string; timeStamp: string; checksum: string };

/**
 * Any session method's request: credentials and `timeStamp` added (a `timeStamp` among `fields` is
 * kept), then the checksum over the method's fields. Members set to `undefined` are left out.
 */
export function buildRequest<F extends object>(
  method: SessionMethod,
  creds: MerchantCredentials,
  fields: F,
  options: BuildOptions = {},
): SignedRequest<F> {
  const body: Record<string, unknown> = { merchantId: creds.merchantId, merchantSiteId: creds.merchantSiteId };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body[k] = v;
  // eslint-disable-next-line no-restricted-syntax -- merchant-side helper: the merchant's own clock
  body.timeStamp ??= timeStamp(options.now ?? new Date());
  body.checksum = checksum(checksumValues(method, body), creds.merchantSecretKey);
  return body as SignedRequest<F>;
}

export const buildOpenOrder = (creds: MerchantCredentials, fields: OpenOrderFields, options?: BuildOptions) =>
  buildRequest('openOrder', creds, fields, options);
export const buildUpdateOrder = (creds: MerchantCredentials, fields: UpdateOrderFields, options?: BuildOptions) =>
  buildRequest('updateOrder', creds, fields, options);
export const buildGetSessionToken = (
  creds: MerchantCredentials,
  fields: GetSessionTokenFields = {},
  options?: BuildOptions,
) => buildRequest('getSessionToken', creds, fields, options);
/** getPaymentStatus needs only the sessionToken; this builder signs it as well. */
export const buildGetPaymentStatus = (
  creds: MerchantCredentials,
  fields: GetPaymentStatusFields,
  options?: BuildOptions,
) => buildRequest('getPaymentStatus', creds, fields, options);
