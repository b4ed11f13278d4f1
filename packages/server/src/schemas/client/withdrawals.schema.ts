import { type Static, Type } from 'typebox';
import { customFields } from '../shared/common.js';
import { withSubject } from '../shared/subject.js';
import { WD_STATUSES, WithdrawalListEntry } from '../session/withdrawal.schema.js';

/**
 * The Web SDK's withdrawal calls (`POST /client/v1/{submitWdRequest,getWdRequests,cancelWdRequest}`,
 * docs/web-sdk.md, docs/decisions/0506): inputs and outputs as the spec lists them. The session's
 * `userTokenId` is the user; a different one in the body is refused.
 */

const SessionToken = Type.String({ minLength: 1, maxLength: 64, description: 'The sessionToken of openOrder' });
const Str = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });
const Req = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const Opt = Type.Optional;

export const ClientWithdrawalUserDetails = Type.Object(
  {
    firstName: Opt(Str(30)),
    lastName: Opt(Str(40)),
    address: Opt(Str(50)),
    phone: Opt(Str(18)),
    zip: Opt(Str(10)),
    city: Opt(Str(30)),
    countryCode: Opt(Type.String({ minLength: 2, maxLength: 2 })),
    state: Opt(Str(3)),
    email: Opt(Type.String({ maxLength: 100, format: 'email' })),
  },
  { title: 'ClientWithdrawalUserDetails', additionalProperties: false },
);

const ids = {
  sessionToken: SessionToken,
  merchantId: Opt(Str(20, "Defaults to the SDK's initialisation value; must be the session's")),
  merchantSiteId: Opt(Str(20, "Defaults to the SDK's initialisation value; must be the session's")),
};

export const ClientSubmitWdRequest = Type.Object(
  {
    ...ids,
    upoId: withSubject(Req(20, 'The UPO of the user to pay to'), 'stored_option'),
    amount: withSubject(Req(20, 'Requested amount in the order currency, e.g. "25.00"'), 'amount'),
    userId: Req(255, 'Merchant-generated user id'),
    merchantWDRequestId: Opt(Str(255)),
    merchantUniqueId: Opt(Str(255)),
    userAccountId: Opt(Str(255)),
    userDetails: Opt(ClientWithdrawalUserDetails),
    userTokenId: Opt(Str(255)),
    currency: Opt(
      withSubject(
        Type.String({ minLength: 3, maxLength: 3, description: "Default: the session order's currency" }),
        'currency',
      ),
    ),
    wdRequestsLimit: Opt(
      Type.String({ pattern: '^[0-9]{1,3}$', description: 'Open requests the user may have; default 1' }),
    ),
    ...customFields(),
  },
  { title: 'ClientSubmitWdRequest', additionalProperties: false },
);
export type ClientSubmitWdRequest = Static<typeof ClientSubmitWdRequest>;

export const ClientGetWdRequests = Type.Object(
  {
    ...ids,
    userTokenId: Req(255),
    wdRequestStatus: Opt(
      Type.Array(Type.Enum([...WD_STATUSES]), {
        minItems: 1,
        maxItems: 7,
        description:
          "The statuses to list (default: Pending). The withdrawal component asks for the user's recent requests in every status but Canceled (docs/decisions/0522).",
      }),
    ),
    maxNumOfRecords: Opt(
      Type.Integer({ minimum: 1, maximum: 100, description: 'At most this many, newest first; default 100' }),
    ),
  },
  { title: 'ClientGetWdRequests', additionalProperties: false },
);
export type ClientGetWdRequests = Static<typeof ClientGetWdRequests>;

export const ClientCancelWdRequest = Type.Object(
  {
    ...ids,
    userTokenId: Req(255),
    wdRequestId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,20}$' })]),
  },
  { title: 'ClientCancelWdRequest', additionalProperties: false },
);
export type ClientCancelWdRequest = Static<typeof ClientCancelWdRequest>;

const base = {
  status: Type.String({ description: 'SUCCESS or ERROR (cancelWdRequest: Success or Error)' }),
  errCode: Type.Integer(),
  reason: Type.String(),
  errorDescription: Opt(Type.String()),
  version: Type.String(),
  sessionToken: Opt(Type.String()),
  merchantId: Opt(Type.String()),
  merchantSiteId: Opt(Type.String()),
};

export const ClientWdResponse = Type.Object(
  {
    ...base,
    wdRequestStatus: Opt(Type.Enum([...WD_STATUSES])),
    wdRequestId: Opt(Type.Integer()),
    merchantWDRequestId: Opt(Type.String()),
    userAccountId: Opt(Type.String()),
    userId: Opt(Type.String()),
    wdRequestsLimitReached: Opt(Type.Boolean()),
  },
  { title: 'ClientWdResponse' },
);

export const ClientWdListResponse = Type.Object(
  {
    ...base,
    internalRequestId: Opt(Type.Integer()),
    totalCount: Opt(Type.String()),
    merchantSiteName: Opt(Type.String()),
    withdrawalRequests: Opt(Type.Array(WithdrawalListEntry)),
  },
  { title: 'ClientWdListResponse' },
);
