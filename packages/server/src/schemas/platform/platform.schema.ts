import { type Static, Type } from 'typebox';

// The same lists as domain/platform/platform.types.ts (schemas import lib only); the platform
// routes' tests check both agree.
export const KYC_STATUSES = ['MISSING_DATA', 'IN_PROGRESS', 'ACTIVE', 'FAILED', 'REJECTED'] as const;
export const PAYOUT_STATUSES = ['WAITING', 'ACCEPTED', 'PROCESSED', 'RETURNED', 'CANCELLED', 'FAILED'] as const;
export const SPLIT_STATUSES = ['PENDING_SPLIT', 'PENDING_SETTLEMENT', 'RECONCILED', 'CANCELLED'] as const;
export const EMAIL_NOTIFICATION_TYPES = [
  'KYC_STATUS_UPDATE',
  'PAYOUT_STATUS_UPDATE',
  'TRANSACTION_STATUS_UPDATE',
] as const;

/** The marketplace platform interface `/api/v2` (docs/platform.md). Amounts: JSON numbers in major units. */

const Time = (description: string) => Type.String({ format: 'date-time', description });
const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const Code = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });
const Amount = (description: string) => Type.Number({ minimum: 0, description });

export const ListQuery = Type.Object({
  limit: Type.Optional(
    Type.String({
      pattern: '^(?:[1-9][0-9]?|[1-4][0-9]{2}|500)$',
      description: 'at most this many (1 to 500), newest first; default 100',
    }),
  ),
});
export type ListQuery = Static<typeof ListQuery>;

export const CodeParams = Type.Object({ code: Code('the resource code') });
export type CodeParams = Static<typeof CodeParams>;

export const CreateAccountOwnerRequest = Type.Object(
  {
    extRef: Type.String({ minLength: 1, maxLength: 64, description: 'the platform’s own reference of the seller' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({ minLength: 3, maxLength: 254, description: 'the seller’s e-mail address' }),
    country: Type.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2, e.g. `DE`' }),
    webhookUrl: Type.Optional(
      Type.String({
        format: 'uri',
        maxLength: 2000,
        description: 'where this seller’s events go; default the site’s `webhookUrl` setting',
      }),
    ),
  },
  { title: 'CreateAccountOwnerRequest' },
);
export type CreateAccountOwnerRequest = Static<typeof CreateAccountOwnerRequest>;

export const AccountOwnerWire = Type.Object(
  {
    accountOwnerCode: Type.String(),
    extRef: Type.String(),
    name: Type.String(),
    email: Type.String(),
    country: Type.String(),
    webhookUrl: NullableString('the seller’s webhook address, if any'),
    virtualAccountCode: Type.String({ description: 'the seller’s virtual account, credited by split transactions' }),
    kycStatus: Type.Enum([...KYC_STATUSES]),
    reason: NullableString('the reason given with the last KYC change'),
    createdAt: Time('when it was created'),
    updatedAt: Time('when it last changed'),
  },
  { title: 'AccountOwner', additionalProperties: false },
);
export type AccountOwnerWire = Static<typeof AccountOwnerWire>;
export const AccountOwnerList = Type.Object(
  { accountOwners: Type.Array(AccountOwnerWire) },
  { title: 'AccountOwnerList' },
);
export type AccountOwnerList = Static<typeof AccountOwnerList>;

export const CreatePayoutRequest = Type.Object(
  {
    accountOwnerCode: Code('the seller paid out; its KYC status must be ACTIVE'),
    amount: Amount('major units, e.g. `10.5`'),
    currency: Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217' }),
  },
  { title: 'CreatePayoutRequest' },
);
export type CreatePayoutRequest = Static<typeof CreatePayoutRequest>;

export const PayoutWire = Type.Object(
  {
    payoutCode: Type.String(),
    accountOwnerCode: Type.String(),
    amount: Type.Number(),
    currency: Type.String(),
    status: Type.Enum([...PAYOUT_STATUSES]),
    reason: NullableString('the message given with the last change'),
    createdAt: Time('when it was created'),
    updatedAt: Time('when it last changed'),
  },
  { title: 'Payout', additionalProperties: false },
);
export type PayoutWire = Static<typeof PayoutWire>;
export const PayoutList = Type.Object({ payouts: Type.Array(PayoutWire) }, { title: 'PayoutList' });
export type PayoutList = Static<typeof PayoutList>;

export const CreateSplitTransactionRequest = Type.Object(
  {
    transactionId: Type.String({
      pattern: '^[0-9]{1,19}$',
      description: 'an approved payment of the platform (Sale, or a settled Auth/PreAuth)',
    }),
    extRef: Type.String({ minLength: 1, maxLength: 64, description: 'the platform’s reference of the split' }),
    splits: Type.Array(
      Type.Object({
        accountOwnerCode: Code('a seller of the platform'),
        amount: Amount('major units in the payment’s currency'),
      }),
      { minItems: 1, maxItems: 100, description: 'together at most what remains of the payment’s settled amount' },
    ),
  },
  { title: 'CreateSplitTransactionRequest' },
);
export type CreateSplitTransactionRequest = Static<typeof CreateSplitTransactionRequest>;

export const SplitTransactionWire = Type.Object(
  {
    splitCode: Type.String(),
    transactionId: Type.String(),
    transactionType: Type.String(),
    extRef: Type.String(),
    amount: Type.Number({ description: 'the sum of the splits' }),
    currency: Type.String(),
    splits: Type.Array(
      Type.Object(
        { accountOwnerCode: Type.String(), virtualAccountCode: Type.String(), amount: Type.Number() },
        { additionalProperties: false },
      ),
    ),
    virtualAccountCodes: Type.Array(Type.String()),
    status: Type.Enum([...SPLIT_STATUSES]),
    reason: NullableString('the message given with the last change'),
    createdAt: Time('when it was created'),
    updatedAt: Time('when it last changed'),
  },
  { title: 'SplitTransaction', additionalProperties: false },
);
export type SplitTransactionWire = Static<typeof SplitTransactionWire>;
export const SplitTransactionList = Type.Object(
  { splitTransactions: Type.Array(SplitTransactionWire) },
  { title: 'SplitTransactionList' },
);
export type SplitTransactionList = Static<typeof SplitTransactionList>;

const moveBody = <S extends string>(statuses: readonly S[], title: string) =>
  Type.Object(
    {
      status: Type.Enum([...statuses], { description: 'the new status; a move the state machine forbids answers 409' }),
      reason: Type.Optional(Type.String({ maxLength: 500, description: 'shown in the webhook and the e-mail' })),
    },
    { title },
  );
export const KycMoveRequest = moveBody(KYC_STATUSES, 'KycMoveRequest');
export type KycMoveRequest = Static<typeof KycMoveRequest>;
export const PayoutMoveRequest = moveBody(PAYOUT_STATUSES, 'PayoutMoveRequest');
export type PayoutMoveRequest = Static<typeof PayoutMoveRequest>;
export const SplitMoveRequest = moveBody(SPLIT_STATUSES, 'SplitMoveRequest');
export type SplitMoveRequest = Static<typeof SplitMoveRequest>;

export const EmailConfigurationRequest = Type.Object(
  {
    notificationType: Type.Enum([...EMAIL_NOTIFICATION_TYPES]),
    emails: Type.String({
      minLength: 1,
      maxLength: 5000,
      description: 'one or more addresses separated by commas; each is validated',
    }),
    enabled: Type.Boolean(),
  },
  { title: 'EmailConfigurationRequest' },
);
export type EmailConfigurationRequest = Static<typeof EmailConfigurationRequest>;

export const EmailConfigurationWire = Type.Object(
  {
    configurationId: Type.String(),
    notificationType: Type.Enum([...EMAIL_NOTIFICATION_TYPES]),
    emails: Type.String({ description: 'the addresses, separated by commas' }),
    enabled: Type.Boolean(),
    createdAt: Time('when it was created'),
    updatedAt: Time('when it last changed'),
  },
  { title: 'EmailConfiguration', additionalProperties: false },
);
export type EmailConfigurationWire = Static<typeof EmailConfigurationWire>;
export const EmailConfigurationList = Type.Object(
  { configurations: Type.Array(EmailConfigurationWire) },
  { title: 'EmailConfigurationList' },
);
export type EmailConfigurationList = Static<typeof EmailConfigurationList>;

export const ConfigurationParams = Type.Object({ configurationId: Type.String({ minLength: 1, maxLength: 64 }) });
export type ConfigurationParams = Static<typeof ConfigurationParams>;
