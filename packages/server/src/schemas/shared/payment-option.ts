import { type Static, type TSchema, Type } from 'typebox';
import { OpaqueObject } from './common.js';
import { type FieldSubject, withSubject } from './subject.js';

/**
 * `paymentOption`, the instrument of a payment, as each interface accepts it (
 * docs/decisions/0613). One member of four: `card` (number, holder, expiry, CVV; or a `ccTempToken` in
 * place of the number), `tempToken` (REST), `userPaymentOptionId` (a stored card or APM, with an
 * optional `card.CVV`) and `alternativePaymentMethod` (`paymentMethod` or `name`, then free string
 * fields). "Exactly one" and the card's required members are checked where the option is resolved,
 * with the subjects of `subject.ts`, so the errCodes do not depend on which rule refused the field.
 *
 * The three interfaces check the members differently, and that stays as it was: REST closes every
 * object and limits every string; the client API (hosted field pages) limits lengths and keeps other
 * members; the session API checks the members' types only and keeps other members.
 */

const closed = { additionalProperties: false } as const;
const open = { additionalProperties: true } as const;
const Opt = <T extends TSchema>(s: T) => Type.Optional(s);
const S = <T extends TSchema>(s: T, subject: FieldSubject | undefined) => (subject ? withSubject(s, subject) : s);
const Str = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });

/** The 3-D Secure 2 members a REST card carries (docs/decisions/0310). */
export const ThreeDRequest = Type.Object(
  {
    methodNotificationURL: Opt(Type.String({ maxLength: 2000 })),
    methodCompletionInd: Opt(Type.Enum(['Y', 'N', 'U'])),
    notificationURL: Opt(Type.String({ maxLength: 2000, description: 'Receives the cRes after a challenge' })),
    platformType: Opt(Type.Enum(['01', '02'])),
    browserDetails: Opt(OpaqueObject('Browser details')),
    challengeWindowSize: Opt(Type.Enum(['01', '02', '03', '04', '05'])),
    challengePreference: Opt(Type.Enum(['Challenge', 'Exemption', 'NoPreference'])),
    exemptionReason: Opt(Type.String({ maxLength: 50 })),
    continueWithoutLiabilityShift: Opt(Type.Boolean()),
  },
  {
    ...closed,
    description:
      '3-D Secure 2 (docs/decisions/0310): present without relatedTransactionId → result `fingerprint` (InitAuth3D); with relatedTransactionId of that InitAuth3D → the payment or `challenge`; with relatedTransactionId of the challenge → the payment',
  },
);

/* ------------------------------------------------------------------ REST (closed, every string limited) */

export const CardRequest = Type.Object(
  {
    cardNumber: Opt(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description:
          'Full card number; never stored in clear. Required (with holder and expiry) unless paying with tempToken or userPaymentOptionId, where `card` carries only an optional CVV (and threeD)',
      }),
    ),
    cardHolderName: Opt(Type.String({ minLength: 1, maxLength: 70 })),
    expirationMonth: Opt(Type.String({ pattern: '^[0-9]{1,2}$', description: 'MM' })),
    expirationYear: Opt(Type.String({ pattern: '^[0-9]{2}([0-9]{2})?$', description: 'YYYY (or YY)' })),
    CVV: Opt(
      Type.String({ minLength: 1, maxLength: 4, description: 'Used for this authorisation only; never stored' }),
    ),
    threeD: Opt(ThreeDRequest),
  },
  { ...closed, title: 'CardRequest' },
);

/** An APM of the catalogue (docs/decisions/0360), REST form: every free field a string. */
export const ApmRequest = Type.Object(
  {
    name: Opt(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: 'The method, e.g. apmgw_DirectDebit (or `paymentMethod`)',
      }),
    ),
    paymentMethod: Opt(Type.String({ minLength: 1, maxLength: 50 })),
    data: Opt(
      Type.Record(Type.String(), Type.String(), { description: "The method's fields (or give them beside the name)" }),
    ),
  },
  {
    additionalProperties: Type.String({ maxLength: 255 }),
    description:
      'An APM of the catalogue (docs/decisions/0360): `{name, data: {field: value}}` or `{paymentMethod, field: value, ...}`',
  },
);

export const PaymentOptionRequest = Type.Object(
  {
    card: Opt(CardRequest),
    tempToken: Opt(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description:
          'A ccTempToken of cardTokenization (same site, its session alive); one use. `card.CVV` may come with it',
      }),
    ),
    userPaymentOptionId: Opt(
      Type.String({
        minLength: 1,
        maxLength: 20,
        description: 'A stored payment option (card or APM) of `userTokenId`; `card.CVV` may come with a card UPO',
      }),
    ),
    alternativePaymentMethod: Opt(ApmRequest),
  },
  {
    ...closed,
    title: 'PaymentOptionRequest',
    description: 'Exactly one of card, tempToken, userPaymentOptionId, alternativePaymentMethod',
  },
);
export type PaymentOptionRequest = Static<typeof PaymentOptionRequest>;

/* --------------------------------------------------- client API (lengths limited, other members kept) */

/**
 * A card sent by a hosted field page. Its refusals carry the card subjects (errCodes 1004, 1029, 1062)
 * where the card pays (`paymentOption.card`); `cardData` has no CVV subject, `card` none at all.
 */
const clientCard = (title: string, subjects: 'payment' | 'cardData' | 'none') => {
  const on = subjects !== 'none';
  return Type.Object(
    {
      cardNumber: Opt(S(Str(20), on ? 'card_number' : undefined)),
      cardHolderName: Opt(S(Str(70), on ? 'card_holder' : undefined)),
      expirationMonth: Opt(S(Str(2), on ? 'card_expiry' : undefined)),
      expirationYear: Opt(S(Str(4), on ? 'card_expiry' : undefined)),
      CVV: Opt(S(Str(4), subjects === 'payment' ? 'card_cvv' : undefined)),
      ccTempToken: Opt(Str(64)),
      selectedBrand: Opt(Str(128, "A co-badged card's brand chosen by the cardholder (docs/decisions/0413)")),
      threeD: Opt(Type.Object({}, open)),
    },
    {
      title,
      ...open,
      description:
        'cardNumber, cardHolderName, expirationMonth, expirationYear and CVV; with a userPaymentOptionId only the CVV',
    },
  );
};
export const ClientCard = clientCard('ClientCard', 'payment');
export const ClientCardData = clientCard('ClientCardData', 'cardData');
export const ClientLookupCard = clientCard('ClientLookupCard', 'none');
export type ClientCard = Static<typeof ClientCard>;

export const ClientPaymentOption = withSubject(
  Type.Object(
    {
      card: Opt(withSubject(ClientCard, 'payment_option')),
      userPaymentOptionId: Opt(
        withSubject(
          Type.Union([withSubject(Str(20), 'stored_option'), withSubject(Type.Integer(), 'stored_option')]),
          'stored_option',
        ),
      ),
      alternativePaymentMethod: Opt(Type.Object({ paymentMethod: Str(50) }, open)),
    },
    { ...open, description: 'Exactly one of card (hosted fields), userPaymentOptionId, alternativePaymentMethod' },
  ),
  'payment_option',
);
export type ClientPaymentOption = Static<typeof ClientPaymentOption>;

/** The client API's initPayment: a card only. */
export const ClientCardPaymentOption = withSubject(
  Type.Object({ card: withSubject(ClientCard, 'payment_option') }, open),
  'payment_option',
);

/* ---------------------------------------------------- session API (types checked, other members kept) */

/**
 * The session API's card: every member optional and typed, nothing else checked here. The payment
 * resolves the card and refuses what is missing or wrong with the card subjects (`checkCard`).
 * Being open, its members are not rewritten by the session wire tolerance.
 */
export const SessionCard = withSubject(
  Type.Object(
    {
      cardNumber: Opt(withSubject(Type.String(), 'card_number')),
      cardHolderName: Opt(withSubject(Type.String(), 'card_holder')),
      expirationMonth: Opt(withSubject(Type.String(), 'card_expiry')),
      expirationYear: Opt(withSubject(Type.String(), 'card_expiry')),
      CVV: Opt(withSubject(Type.String(), 'card_cvv')),
      ccTempToken: Opt(
        Type.String({ description: 'A ccTempToken of cardTokenization in place of the number (docs/decisions/0322)' }),
      ),
      threeD: Opt(OpaqueObject('3-D Secure 2 parameters (docs/decisions/0310)')),
      storedCredentials: Opt(OpaqueObject('Stored credentials')),
    },
    { ...open, title: 'SessionPaymentCard' },
  ),
  'payment_option',
);

/**
 * cardTokenization's `cardData`: the card to vault. Its members have the card subjects, the object
 * none; missing members are refused where the card is read.
 */
export const SessionCardData = Type.Object(
  {
    cardNumber: Opt(withSubject(Type.String(), 'card_number')),
    cardHolderName: Opt(withSubject(Type.String(), 'card_holder')),
    expirationMonth: Opt(withSubject(Type.String(), 'card_expiry')),
    expirationYear: Opt(withSubject(Type.String(), 'card_expiry')),
    CVV: Opt(withSubject(Type.String(), 'card_cvv')),
  },
  { ...open, title: 'SessionCardData', description: 'Card to tokenise' },
);

/** A stored payment option: its id as a numeric string or a number. */
export const UpoReference = withSubject(
  Type.Union([withSubject(Type.String(), 'stored_option'), withSubject(Type.Number(), 'stored_option')], {
    description:
      'A stored payment option of the userTokenId (docs/decisions/0323); `card.CVV` may come with a card UPO',
  }),
  'stored_option',
);

/** An APM (docs/decisions/0360): `{paymentMethod | name, data?: {...}, field: value, ...}`. */
export const SessionApm = Type.Object(
  {
    paymentMethod: Opt(Type.String({ description: 'The method, e.g. apmgw_DirectDebit' })),
    name: Opt(Type.String({ description: 'The method (or `paymentMethod`)' })),
    data: Opt(OpaqueObject("The method's fields (or give them beside the name)")),
  },
  { ...open, title: 'SessionApm', description: "Free fields beside the name are the method's fields" },
);

/** payment.do: a card, a ccTempToken card, a UPO or an APM. */
export const SessionPaymentOption = withSubject(
  Type.Object(
    {
      card: Opt(SessionCard),
      userPaymentOptionId: Opt(UpoReference),
      alternativePaymentMethod: Opt(SessionApm),
    },
    { ...open, title: 'SessionPaymentOptionRequest', description: 'Card, token, UPO or APM' },
  ),
  'payment_option',
);
export type SessionPaymentOption = Static<typeof SessionPaymentOption>;

/** initPayment.do: a card, a ccTempToken card or a card UPO (docs/decisions/0149). */
export const SessionCardPaymentOption = withSubject(
  Type.Object(
    { card: Opt(SessionCard), userPaymentOptionId: Opt(UpoReference) },
    { ...open, title: 'SessionCardPaymentOption', description: 'Card, token or stored card' },
  ),
  'payment_option',
);
export type SessionCardPaymentOption = Static<typeof SessionCardPaymentOption>;

/**
 * openOrder and updateOrder: only the 3-D Secure parameters and stored credentials the Web SDK cannot
 * pass; the card itself comes later, from the browser.
 */
export const OrderPaymentOption = withSubject(
  Type.Object(
    {
      card: Opt(
        withSubject(
          Type.Object(
            {
              threeD: Opt(OpaqueObject('3-D Secure parameters the Web SDK cannot pass')),
              storedCredentials: Opt(OpaqueObject('Stored credentials')),
            },
            closed,
          ),
          'payment_option',
        ),
      ),
    },
    { ...closed, title: 'SessionPaymentOption' },
  ),
  'payment_option',
);
