import { type Static, Type } from 'typebox';

/** The platform e-mails as the admin API lists them: exactly what was (or, without SMTP_URL, would be) sent. */

const Time = (description: string) => Type.String({ format: 'date-time', description });

export const EmailWire = Type.Object(
  {
    id: Type.String({ description: 'the outbox id; the `Message-ID` is `<id@domain of SMTP_FROM>` on every attempt' }),
    notificationType: Type.String({
      description: '`KYC_STATUS_UPDATE`, `PAYOUT_STATUS_UPDATE` or `TRANSACTION_STATUS_UPDATE`',
    }),
    to: Type.Array(Type.String()),
    subject: Type.String(),
    text: Type.String(),
    html: Type.String(),
    status: Type.Enum(['pending', 'delivering', 'delivered', 'failed'], {
      description: '`pending` without SMTP_URL: kept, not sent; `failed`: a 5xx answer or the retry schedule exhausted',
    }),
    attemptCount: Type.Integer({ minimum: 0 }),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'e.g. `SMTP 550: mailbox unavailable`' }),
    createdAt: Time('when the change that caused it was committed'),
    deliveredAt: Type.Union([Time('when the SMTP server accepted it'), Type.Null()]),
  },
  { title: 'Email', additionalProperties: false },
);
export type EmailWire = Static<typeof EmailWire>;

export const EmailList = Type.Object({ emails: Type.Array(EmailWire) }, { title: 'EmailList' });
export type EmailList = Static<typeof EmailList>;

export const EmailListQuery = Type.Object({
  limit: Type.Optional(
    Type.String({ pattern: '^(?:[1-9][0-9]?|[1-4][0-9]{2}|500)$', description: '1 to 500, default 50' }),
  ),
});
export type EmailListQuery = Static<typeof EmailListQuery>;
