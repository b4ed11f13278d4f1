import { Type } from 'typebox';
import { EnvelopeFields } from './envelope.schema.js';
import { Decimal, MerchantDetails, NonEmpty, Opaque, Signed, Str, UrlDetails } from './common.schema.js';
import { SessionCardOutput, TransactionStatuses } from './payment.schema.js';

/**
 * `payout.do` (docs/decisions/0501): credit a card or a stored payment option of `userTokenId`.
 * Exactly one destination: `userPaymentOption.userPaymentOptionId` (or the shorthand top-level
 * `userPaymentOptionId`), or `cardData`. Checksum: merchantId, merchantSiteId, clientRequestId,
 * amount, currency, timeStamp, then the merchant secret key.
 */
export const PayoutRequest = Type.Object(
  {
    ...Signed,
    userTokenId: NonEmpty(255, 'The user the destination belongs to'),
    clientRequestId: Type.Optional(Str(255)),
    clientUniqueId: Type.Optional(Str(45, 'Merchant reference; in the DMN as merchant_unique_id')),
    sessionToken: Type.Optional(Type.String({ minLength: 36, maxLength: 36, description: 'Ties the payout to a live session: getPaymentStatus then reports it' })),
    amount: Decimal(12, 'Amount to pay out, e.g. "10.50"'),
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    userPaymentOptionId: Type.Optional(NonEmpty(20, 'Shorthand for userPaymentOption.userPaymentOptionId')),
    userPaymentOption: Type.Optional(
      Type.Object(
        {
          userPaymentOptionId: NonEmpty(20, 'A card or payout-capable APM UPO of userTokenId'),
          CVV: Type.Optional(Type.String({ pattern: '^[0-9]{3,4}$' })),
        },
        { additionalProperties: false },
      ),
    ),
    cardData: Type.Optional(
      Type.Object(
        {
          cardNumber: NonEmpty(20),
          cardHolderName: NonEmpty(70),
          expirationMonth: NonEmpty(2),
          expirationYear: NonEmpty(4),
        },
        { additionalProperties: false },
      ),
    ),
    comment: Type.Optional(Str(255)),
    dynamicDescriptor: Type.Optional(Opaque('merchantName, merchantPhone')),
    merchantDetails: Type.Optional(MerchantDetails),
    urlDetails: Type.Optional(UrlDetails),
    deviceDetails: Type.Optional(Opaque('Device of the user')),
  },
  { additionalProperties: true, title: 'PayoutRequest' },
);

export const PayoutResponse = Type.Object(
  {
    ...EnvelopeFields,
    transactionStatus: Type.Optional(Type.Enum([...TransactionStatuses])),
    transactionId: Type.Optional(Type.String({ maxLength: 20 })),
    transactionType: Type.Optional(Type.String()),
    externalTransactionId: Type.Optional(Type.String()),
    userPaymentOptionId: Type.Optional(Type.String()),
    authCode: Type.Optional(Type.String()),
    gwErrorCode: Type.Optional(Type.Integer()),
    gwErrorReason: Type.Optional(Type.String()),
    gwExtendedErrorCode: Type.Optional(Type.Integer()),
    amount: Type.Optional(Type.String()),
    currency: Type.Optional(Type.String()),
    paymentMethod: Type.Optional(Type.String({ description: 'cc_card or the APM name' })),
    paymentOption: Type.Optional(Type.Object({ card: Type.Optional(SessionCardOutput) })),
  },
  { title: 'PayoutResponse' },
);
