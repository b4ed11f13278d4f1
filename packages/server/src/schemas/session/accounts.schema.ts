import { Type } from 'typebox';
import { EnvelopeFields } from './envelope.schema.js';
import { MerchantDetails, NonEmpty, Signed, Str, UrlDetails } from './common.schema.js';

/**
 * KYC, account capture, advanced APM calls (server facts 2.9) and lookups (2.10) on
 * `POST /ppp/api/v1/<method>.do` (docs/decisions/0132, 0133).
 */

const open = (title: string, props: Record<string, ReturnType<typeof Type.Optional>>) =>
  Type.Object(props, { additionalProperties: true, title });
const opt = (n = 255) => Type.Optional(Str(n));

/** userDetails as the PHP SDK sends it with KYC and APM calls: known members checked, others kept. */
const UserDetails = open('AccountUserDetails', {
  firstName: opt(30),
  lastName: opt(40),
  address: opt(60),
  city: opt(30),
  country: opt(2),
  zip: opt(10),
  phone: opt(18),
  email: opt(100),
  dateOfBirth: opt(10),
  identification: opt(60),
});
const EkycUserDetails = open('EkycUserDetails', {
  userName: opt(),
  languageCode: opt(5),
  dateOfBirth: opt(10),
  title: opt(10),
  gender: opt(10),
  building: opt(),
  mobileNumber: opt(18),
  identification: opt(60),
  identificationType: opt(30),
});
const Apm = Type.Object(
  {
    alternativePaymentMethod: Type.Object(
      { paymentMethod: NonEmpty(50, 'The APM, e.g. apmgw_VIP_Preferred') },
      { additionalProperties: true, title: 'AccountApm' },
    ),
  },
  { additionalProperties: true, title: 'AccountPaymentOption' },
);
const BankAccount = Type.Object(
  { bankName: Type.Optional(Str(100)), accountNumber: NonEmpty(34), routingNumber: Type.Optional(Str(20)) },
  { additionalProperties: false, title: 'BankAccount' },
);
const DocumentDetails = open('DocumentDetails', { documentNumber: opt(60), type: opt(30), issuingState: opt(3) });
const Device = Type.Optional(Type.Object({}, { additionalProperties: true, title: 'AccountDeviceDetails' }));

const signed = { ...Signed, clientRequestId: NonEmpty(255) };
/** no checksum: the sessionToken names the merchant (ids and timeStamp accepted when sent) */
const unsigned = {
  merchantId: Type.Optional(NonEmpty(20)),
  merchantSiteId: Type.Optional(NonEmpty(20)),
  timeStamp: Type.Optional(Type.String({ pattern: '^[0-9]{14}$' })),
  checksum: Type.Optional(Str(128, 'Not verified: these calls are authenticated by sessionToken')),
  sessionToken: Type.String({ minLength: 1, maxLength: 36 }),
};
const closed = (title: string) => ({ additionalProperties: false, title });

export const EkycRequest = Type.Object(
  {
    ...signed,
    userTokenId: NonEmpty(255),
    userId: NonEmpty(255),
    clientUniqueId: NonEmpty(45),
    userDetails: UserDetails,
    ekycUserDetails: EkycUserDetails,
    customData: Type.Optional(Str(255)),
    sessionToken: Type.Optional(Str(36)),
  },
  closed('EkycRequest'),
);

export const DocumentUploadUrlRequest = Type.Object(
  {
    ...signed,
    userTokenId: NonEmpty(255),
    userId: NonEmpty(255),
    clientUniqueId: NonEmpty(45),
    userDetails: UserDetails,
    kycUserDetails: Type.Object({}, { additionalProperties: true, title: 'KycUserDetails' }),
    merchantDetails: Type.Optional(MerchantDetails),
    sessionToken: Type.Optional(Str(36)),
  },
  closed('DocumentUploadUrlRequest'),
);

export const KycResponse = Type.Object(
  {
    ...EnvelopeFields,
    userId: Type.Optional(Type.String()),
    kycId: Type.Optional(Type.String()),
    kycStatus: Type.Optional(Type.Enum(['Pending', 'Approved', 'Declined'])),
    url: Type.Optional(
      Type.String({ description: 'The sandbox page where the document is uploaded and the check decided' }),
    ),
  },
  { title: 'KycResponse' },
);

export const AccountCaptureRequest = Type.Object(
  {
    ...unsigned,
    clientRequestId: Type.Optional(Str(255)),
    userTokenId: NonEmpty(255),
    paymentMethod: NonEmpty(50),
    currencyCode: Type.String({ minLength: 3, maxLength: 3 }),
    countryCode: Type.String({ minLength: 2, maxLength: 2 }),
    amount: Str(12),
    languageCode: Type.Optional(Str(5)),
    notificationUrl: Type.Optional(Str(1000)),
    urlDetails: Type.Optional(UrlDetails),
  },
  closed('AccountCaptureRequest'),
);

const bankCall = {
  clientUniqueId: NonEmpty(45),
  clientRequestId: NonEmpty(255),
  paymentOption: Apm,
  userId: NonEmpty(255),
  userTokenId: NonEmpty(255),
  deviceDetails: Device,
  userDetails: Type.Optional(UserDetails),
  documentDetails: Type.Optional(DocumentDetails),
};

export const AddBankAccountRequest = Type.Object(
  { ...Signed, sessionToken: Type.String({ minLength: 1, maxLength: 36 }), ...bankCall, bankAccount: BankAccount },
  closed('AddBankAccountRequest'),
);
export const EnrollAccountRequest = Type.Object(
  { ...unsigned, ...bankCall, bankAccount: Type.Optional(BankAccount) },
  closed('EnrollAccountRequest'),
);
export const FundAccountRequest = Type.Object(
  {
    ...unsigned,
    clientUniqueId: NonEmpty(45),
    clientRequestId: NonEmpty(255),
    paymentOption: Apm,
    userId: NonEmpty(255),
    userTokenId: Type.Optional(NonEmpty(255)),
    deviceDetails: Device,
    userDetails: Type.Optional(UserDetails),
    urlDetails: Type.Optional(UrlDetails),
  },
  closed('FundAccountRequest'),
);
export const GetAccountDetailsRequest = Type.Object(
  {
    ...unsigned,
    clientUniqueId: NonEmpty(45),
    clientRequestId: NonEmpty(255),
    paymentOption: Apm,
    userId: NonEmpty(255),
    userTokenId: Type.Optional(NonEmpty(255)),
  },
  closed('GetAccountDetailsRequest'),
);

export const AccountResponse = Type.Object(
  {
    ...EnvelopeFields,
    userId: Type.Optional(Type.String()),
    redirectUrl: Type.Optional(Type.String()),
    paymentMethod: Type.Optional(Type.String()),
    accountStatus: Type.Optional(Type.Enum(['Enrolled', 'Funded'])),
    bankAccount: Type.Optional(
      Type.Object({
        bankName: Type.Optional(Type.String()),
        accountNumber: Type.Optional(Type.String({ description: 'Masked: the last 4 digits' })),
        routingNumber: Type.Optional(Type.String()),
      }),
    ),
    fundedAmount: Type.Optional(Type.String()),
    currency: Type.Optional(Type.String()),
  },
  { title: 'AccountResponse' },
);

export const GetMerchantPaymentMethodsRequest = Type.Object(
  {
    ...signed,
    sessionToken: Type.String({ minLength: 1, maxLength: 36 }),
    currencyCode: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    countryCode: Type.Optional(Type.String({ minLength: 2, maxLength: 2 })),
    languageCode: Type.Optional(Str(5)),
    type: Type.Optional(Type.Enum(['DEPOSIT', 'WITHDRAWAL'])),
  },
  closed('GetMerchantPaymentMethodsRequest'),
);
export const MerchantPaymentMethodsResponse = Type.Object(
  { ...EnvelopeFields, paymentMethods: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))) },
  { title: 'MerchantPaymentMethodsResponse' },
);

export const GetMcpRatesRequest = Type.Object(
  {
    ...unsigned,
    clientRequestId: Type.Optional(Str(255)),
    fromCurrency: Type.String({ minLength: 3, maxLength: 3 }),
    toCurrency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
  },
  closed('GetMcpRatesRequest'),
);
export const McpRatesResponse = Type.Object(
  {
    ...EnvelopeFields,
    fromCurrency: Type.Optional(Type.String()),
    rates: Type.Optional(
      Type.Array(Type.Object({ toCurrency: Type.String(), rate: Type.String(), markUp: Type.String() })),
    ),
  },
  { title: 'McpRatesResponse' },
);

export const GetPayoutStatusRequest = Type.Object(
  { ...Signed, clientRequestId: NonEmpty(255) },
  closed('GetPayoutStatusRequest'),
);
export const PayoutStatusResponse = Type.Object(
  {
    ...EnvelopeFields,
    transactionId: Type.Optional(Type.String()),
    transactionType: Type.Optional(Type.String()),
    transactionStatus: Type.Optional(Type.String()),
    amount: Type.Optional(Type.String()),
    currency: Type.Optional(Type.String()),
    gwErrorCode: Type.Optional(Type.Integer()),
    gwErrorReason: Type.Optional(Type.String()),
    gwExtendedErrorCode: Type.Optional(Type.Integer()),
  },
  { title: 'PayoutStatusResponse' },
);

export const DOCUMENT_TYPES = ['TermsAndConditions', 'PrivacyPolicy', 'FAQ'] as const;
export const GetDocumentUrlRequest = Type.Object(
  {
    ...unsigned,
    clientUniqueId: NonEmpty(45),
    clientRequestId: NonEmpty(255),
    paymentOption: Apm,
    documentType: Type.Enum([...DOCUMENT_TYPES]),
  },
  closed('GetDocumentUrlRequest'),
);
export const DocumentUrlResponse = Type.Object(
  { ...EnvelopeFields, url: Type.Optional(Type.String()), documentUrl: Type.Optional(Type.String()) },
  { title: 'DocumentUrlResponse' },
);
