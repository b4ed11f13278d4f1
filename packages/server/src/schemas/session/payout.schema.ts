import { Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
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
    sessionToken: Type.Optional(
      Type.String({
        minLength: 36,
        maxLength: 36,
        description: 'Ties the payout to a live session: getPaymentStatus then reports it',
      }),
    ),
    amount: withSubject(Decimal(12, 'Amount to pay out, e.g. "10.50"'), 'amount'),
    currency: withSubject(Type.String({ minLength: 3, maxLength: 3 }), 'currency'),
    userPaymentOptionId: Type.Optional(
      withSubject(NonEmpty(20, 'Shorthand for userPaymentOption.userPaymentOptionId'), 'stored_option'),
    ),
    userPaymentOption: Type.Optional(
      Type.Object(
        {
          userPaymentOptionId: withSubject(
            NonEmpty(20, 'A card or payout-capable APM UPO of userTokenId'),
            'stored_option',
          ),
          CVV: Type.Optional(Type.String({ pattern: '^[0-9]{3,4}$' })),
        },
        { additionalProperties: false },
      ),
    ),
    cardData: Type.Optional(
      Type.Object(
        {
          cardNumber: withSubject(NonEmpty(20), 'card_number'),
          cardHolderName: withSubject(NonEmpty(70), 'card_holder'),
          expirationMonth: withSubject(NonEmpty(2), 'card_expiry'),
          expirationYear: withSubject(NonEmpty(4), 'card_expiry'),
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
