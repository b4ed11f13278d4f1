import { type Static, Type } from 'typebox';
import { withSubject } from '../shared/subject.js';
import { Decimal, Signed, Str } from './common.schema.js';
import { EnvelopeFields } from './envelope.schema.js';
import { LastPaymentFields, TransactionStatuses } from './payment.schema.js';

/** getPaymentStatus needs only the sessionToken; a checksum, when sent, is verified (docs/session-api.md). */
export const GetPaymentStatusRequest = Type.Object(
  {
    sessionToken: Type.String({ minLength: 36, maxLength: 36 }),
    merchantId: Type.Optional(Signed.merchantId),
    merchantSiteId: Type.Optional(Signed.merchantSiteId),
    clientRequestId: Type.Optional(Str(255)),
    amount: Type.Optional(withSubject(Decimal(12), 'amount')),
    currency: Type.Optional(withSubject(Type.String({ minLength: 3, maxLength: 3 }), 'currency')),
    timeStamp: Type.Optional(Signed.timeStamp),
    checksum: Type.Optional(Signed.checksum),
  },
  { additionalProperties: false, title: 'GetPaymentStatusRequest' },
);
export type GetPaymentStatusRequest = Static<typeof GetPaymentStatusRequest>;

export { TransactionStatuses };

export const GetPaymentStatusResponse = Type.Object(
  {
    ...EnvelopeFields,
    orderId: Type.Optional(Type.String()),
    amount: Type.Optional(Type.String()),
    currency: Type.Optional(Type.String()),
    transactionStatus: Type.Optional(
      Type.Enum([...TransactionStatuses], { description: 'PENDING while no payment has been made in the session' }),
    ),
    ...LastPaymentFields,
  },
  { title: 'GetPaymentStatusResponse' },
);
