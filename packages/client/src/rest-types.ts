/**
 * The REST API's request and response bodies, as docs/openapi.yaml of the Gatehouse repository
 * describes them (`POST /orders`, `PATCH /orders`, `GET /orders/status`, `POST /payment-api/payments`,
 * `POST /oauth2/token`). Amounts are decimal numbers in the currency's major unit (`25.5` EUR); the
 * members most integrations use are named, the rest pass through as they are.
 */

export type ResultStatus =
  | 'success'
  | 'error'
  | 'pending'
  | 'required'
  | 'approved'
  | 'authorizedOnly'
  | 'declined'
  | 'redirect'
  | 'challenge'
  | 'fingerprint'
  | 'authenticated'
  | 'authenticationNotSupported'
  | 'actionRequired';

export interface ResultErrors {
  code: string;
  reason: string;
  [more: string]: unknown;
}

export interface Result {
  status: ResultStatus;
  errors?: ResultErrors;
}

export interface OrderUrlDetails {
  /** receives the order's webhooks (Standard Webhooks, see `verifyWebhook`) */
  webhookUrl?: string;
  successUrl?: string;
  failureUrl?: string;
  pendingUrl?: string;
  returnToAppUrl?: string;
}

export interface OrderItem {
  name: string;
  price: number;
  quantity: number;
  [more: string]: unknown;
}

export interface CreateOrderRequest {
  processingEntityId: string;
  amount: number;
  currency: string;
  /** what the order's `sessionId` may be used for as a bearer token */
  permittedOperations: Array<'payments' | 'operations'>;
  merchantTransactionId?: string;
  productId?: string;
  transactionType?: 'Auth' | 'PreAuth' | 'Sale';
  isPartialApproval?: boolean;
  items?: OrderItem[];
  urlDetails?: OrderUrlDetails;
  openAmount?: { min: number; max: number; [more: string]: unknown };
  custom?: Record<string, string>;
  [more: string]: unknown;
}

export interface CreateOrderResponse {
  sessionId: string;
  result: Result;
}

export interface UpdateOrderRequest {
  /** the new amount, within the order's `openAmount` */
  amount: number;
}

export interface UpdateOrderResponse {
  result: Result;
}

export interface CardInput {
  cardNumber: string;
  cardHolderName: string;
  expirationMonth: string;
  expirationYear: string;
  CVV?: string;
}

export type PaymentOption =
  | { card: CardInput }
  | { tempToken: string }
  | { userPaymentOptionId: string }
  | { alternativePaymentMethod: { name: string; data?: Record<string, string> } };

export type TransactionType = 'Auth' | 'PreAuth' | 'Sale' | 'Settle' | 'Void' | 'Refund';

export interface CreatePaymentRequest {
  processingEntityId: string;
  transactionType: TransactionType;
  amount: number;
  currency: string;
  /** pay this order (its amount and currency must match, or lie within its openAmount) */
  sessionId?: string;
  merchantTransactionId?: string;
  /** the transaction a Settle, Void or Refund is about */
  relatedTransactionId?: string;
  paymentOption?: PaymentOption;
  [more: string]: unknown;
}

export interface CardOutput {
  cardHolderName?: string;
  maskedCardNumber?: string;
  bin?: string;
  last4Digits?: string;
  expirationMonth?: string;
  expirationYear?: string;
  cardType?: string;
  cardBrand?: string;
  [more: string]: unknown;
}

export interface PaymentResponse {
  result: Result;
  paymentId?: string;
  transactionId?: string;
  amount?: number;
  currency?: string;
  transactionType?: string;
  authCode?: string;
  cvv2Code?: string;
  avsCode?: string;
  partialApproval?: { requestedAmount: number; requestedCurrency: string };
  redirectUrl?: string;
  paymentOption?: { card?: CardOutput; [more: string]: unknown };
  [more: string]: unknown;
}

export interface OrderStatusResponse extends PaymentResponse {
  refundId?: string;
}

/** Identifies an order: its `sessionId`, or a `merchantTransactionId` unique within the entity. */
export type OrderRef = { sessionId: string } | { merchantTransactionId: string };

export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /** seconds */
  expires_in: number;
  scope: string;
}
