import { Type } from 'typebox';
import { EnvelopeFields } from './envelope.schema.js';

/** getCardDetails answer (docs/session-methods.md): BIN data only, never the full number. */
export const GetCardDetailsResponse = Type.Object(
  {
    ...EnvelopeFields,
    brand: Type.Optional(Type.String({ maxLength: 50 })),
    secondaryBrand: Type.Optional(Type.String({ maxLength: 50, description: 'Co-badged brand; empty when none' })),
    cardType: Type.Optional(Type.String({ description: 'Credit or Debit' })),
    bin: Type.Optional(Type.String({ maxLength: 6 })),
    last4Digits: Type.Optional(Type.String({ maxLength: 4 })),
    program: Type.Optional(Type.String()),
    cardProduct: Type.Optional(Type.String()),
    visaDirectSupport: Type.Optional(Type.Boolean()),
    dccAllowed: Type.Optional(Type.Boolean()),
    issuerCountry: Type.Optional(Type.String({ maxLength: 2 })),
    currency: Type.Optional(Type.String({ maxLength: 3 })),
    isPrepaid: Type.Optional(Type.Boolean()),
    issuerBankName: Type.Optional(Type.String()),
  },
  { title: 'GetCardDetailsResponse' },
);

/** getDccDetails answer (docs/session-methods.md): the quote of the day, markup included. */
export const GetDccDetailsResponse = Type.Object(
  {
    ...EnvelopeFields,
    rateValueWithMarkup: Type.Optional(
      Type.String({ maxLength: 12, description: 'Units of currency per unit of originalCurrency, markup included' }),
    ),
    markUpValue: Type.Optional(Type.String({ maxLength: 12, description: 'Markup percentage' })),
    dccFullSupport: Type.Optional(Type.Boolean({ description: 'true: the issuer supports DCC for the card' })),
    amount: Type.Optional(Type.String({ maxLength: 12, description: 'Converted amount' })),
    currency: Type.Optional(Type.String({ maxLength: 3 })),
    originalAmount: Type.Optional(Type.String({ maxLength: 12 })),
    originalCurrency: Type.Optional(Type.String({ maxLength: 3 })),
  },
  { title: 'GetDccDetailsResponse' },
);

/** cardTokenization answer: the one-use ccTempToken and what BIN data tells of the card. */
export const CardTokenizationResponse = Type.Object(
  {
    ...EnvelopeFields,
    ccTempToken: Type.Optional(
      Type.String({ description: 'Usable once, in this session, as paymentOption.card.ccTempToken' }),
    ),
    bin: Type.Optional(Type.String({ maxLength: 6 })),
    last4Digits: Type.Optional(Type.String({ maxLength: 4 })),
    ccCardNumber: Type.Optional(Type.String({ maxLength: 20, description: 'Masked number' })),
    ccExpMonth: Type.Optional(Type.String({ maxLength: 2 })),
    ccExpYear: Type.Optional(Type.String({ maxLength: 4 })),
    brand: Type.Optional(Type.String({ maxLength: 50 })),
    cardType: Type.Optional(Type.String()),
    issuerCountry: Type.Optional(Type.String({ maxLength: 2 })),
  },
  { title: 'CardTokenizationResponse' },
);

const UpoData = Type.Object(
  {
    ccCardNumber: Type.Optional(Type.String({ description: 'Masked number' })),
    bin: Type.Optional(Type.String()),
    last4Digits: Type.Optional(Type.String()),
    ccExpMonth: Type.Optional(Type.String()),
    ccExpYear: Type.Optional(Type.String()),
    cardHolderName: Type.Optional(Type.String()),
    brand: Type.Optional(Type.String()),
    cardType: Type.Optional(Type.String()),
  },
  {
    title: 'SessionUpoData',
    // an APM UPO (docs/decisions/0360) shows its method's fields, masked, instead of the card's
    additionalProperties: Type.String(),
    description: 'A card UPO: the masked card fields; an APM UPO: the method fields, masked',
  },
);

/** getUserUPOs answer: the live stored payment options of the userTokenId, masked only. */
export const GetUserUposResponse = Type.Object(
  {
    ...EnvelopeFields,
    paymentMethods: Type.Optional(
      Type.Array(
        Type.Object(
          {
            userPaymentOptionId: Type.String({ maxLength: 20 }),
            paymentMethodName: Type.String({ description: 'cc_card or the APM name' }),
            upoName: Type.String(),
            upoRegistrationDate: Type.String({ description: 'YYYYMMDD' }),
            upoStatus: Type.String({ description: 'enabled' }),
            expiryDate: Type.String({ description: 'YYYYMM' }),
            upoData: UpoData,
          },
          { title: 'SessionUpo' },
        ),
      ),
    ),
  },
  { title: 'GetUserUposResponse' },
);
