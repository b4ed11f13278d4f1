import { type Static, Type } from 'typebox';
import {
  AccountOwnerWire,
  EmailConfigurationWire,
  KycMoveRequest,
  PayoutMoveRequest,
  PayoutWire,
  SplitMoveRequest,
  SplitTransactionWire,
} from '../platform/platform.schema.js';

/** The marketplace platform in the control panel (docs/dashboard.md); resources as the platform API shows them. */

export const KeptEmailWire = Type.Object(
  {
    id: Type.String(),
    notificationType: Type.String(),
    to: Type.Array(Type.String()),
    subject: Type.String(),
    text: Type.String(),
    status: Type.String({ description: 'the delivery’s status: pending, delivered, failed…' }),
    attempts: Type.Integer(),
    lastError: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    deliveredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'DashboardPlatformEmail', additionalProperties: false },
);
export type KeptEmailWire = Static<typeof KeptEmailWire>;

export const PlatformOverview = Type.Object(
  {
    enabled: Type.Boolean({
      description: 'the merchant uses the platform (it has a seller or an e-mail configuration)',
    }),
    sandbox: Type.Boolean({ description: 'the sandbox moves are offered' }),
    accountOwners: Type.Array(AccountOwnerWire),
    payouts: Type.Array(PayoutWire),
    splits: Type.Array(SplitTransactionWire),
    emailConfigurations: Type.Array(EmailConfigurationWire),
    emails: Type.Array(KeptEmailWire),
  },
  { title: 'DashboardPlatform' },
);
export type PlatformOverview = Static<typeof PlatformOverview>;

export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });
export type CodeParams = Static<typeof CodeParams>;

export { KycMoveRequest, PayoutMoveRequest, SplitMoveRequest };
export const MovedAccountOwner = Type.Object({ accountOwner: AccountOwnerWire });
export const MovedPayout = Type.Object({ payout: PayoutWire });
export const MovedSplit = Type.Object({ split: SplitTransactionWire });
