import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequest, DomainError, Invalid, NotFound, WithdrawalLimitReached } from '../../domain/errors.js';
import type { Session } from '../../domain/sessions/session.types.js';
import type { WithdrawalStatus } from '../../domain/withdrawals/withdrawal.types.js';
import {
  cancelWithdrawal,
  DEFAULT_WD_REQUESTS_LIMIT,
  listWithdrawals,
  submitWithdrawal,
} from '../../domain/withdrawals/withdrawal.service.js';
import { withdrawalFields } from '../shared/withdrawal.render.js';
import {
  ClientCancelWdRequest,
  ClientGetWdRequests,
  ClientSubmitWdRequest,
  ClientWdListResponse,
  ClientWdResponse,
} from '../../schemas/client/withdrawals.schema.js';
import { domainToWire } from '../shared/err-codes.js';
import { customFieldsOf, listEntriesOf, submitCommandOf } from '../withdrawal.translate.js';
import { CLIENT_API, sessionOf, sessionTokenAuth } from './context.js';
import { clientError, clientSuccess } from './errors.js';

/**
 * The Web SDK's withdrawal calls (docs/web-sdk.md, docs/decisions/0506): `submitWdRequest`,
 * `getWdRequests` and `cancelWdRequest`, authenticated by the sessionToken. The user is the
 * session's `userTokenId` (set by openOrder): a request naming another user, merchant or site is
 * refused, so a browser can only see and cancel its own user's requests.
 */

/** The session's user; the body's userTokenId, merchantId and merchantSiteId must agree with it. */
function callerOf(
  request: FastifyRequest<{ Body: { merchantId?: string; merchantSiteId?: string; userTokenId?: string } }>,
): {
  session: Session;
  userTokenId: string;
  caller: { merchantId: string; siteId: string };
} {
  const session = sessionOf(request);
  const body = request.body;
  if (body.merchantId !== undefined && body.merchantId !== session.merchantId)
    throw new NotFound('merchant', 'Invalid merchant ID');
  if (body.merchantSiteId !== undefined && body.merchantSiteId !== session.siteId)
    throw new NotFound('site', 'Invalid merchant site id');
  if (!session.userTokenId) throw new BadRequest('The session has no userTokenId: open the order with one');
  const given = body.userTokenId;
  if (given !== undefined && given !== session.userTokenId)
    throw new Invalid('userTokenId', "is not the session's user");
  return {
    session,
    userTokenId: session.userTokenId,
    caller: { merchantId: session.merchantId, siteId: session.siteId },
  };
}

const ids = (session: Session) => ({
  sessionToken: session.token,
  merchantId: session.merchantId,
  merchantSiteId: session.siteId,
});

export function registerWithdrawalRoutes(app: FastifyInstance): void {
  const auth = sessionTokenAuth(app);
  const { deps } = app.services;

  app.post<{ Body: ClientSubmitWdRequest }>(
    `${CLIENT_API}/submitWdRequest`,
    {
      preValidation: auth,
      schema: {
        summary: 'Submit a withdrawal request (Web SDK submitWdRequest)',
        description:
          "A Pending request to pay `amount` (in the session order's currency unless `currency` is sent) to `upoId`, a UPO of the session's user. At the user's wdRequestsLimit (default 1) open requests it answers errCode 1058 with wdRequestsLimitReached true.",
        tags: ['client'],
        body: ClientSubmitWdRequest,
        response: { 200: ClientWdResponse },
      },
    },
    async (request) => {
      const { session, userTokenId, caller } = callerOf(request);
      const body = request.body;
      let currency = body.currency;
      if (currency === undefined) {
        const order =
          session.orderId === null ? undefined : await deps.storage.read.orders.findSessionOrder(session.orderId);
        currency = order?.pricing?.currency;
        if (currency === undefined)
          throw new Invalid('currency', 'must be sent when the session has no order with a currency', 'currency');
      }
      const cmd = submitCommandOf(
        { ...body, userTokenId },
        {
          upoField: 'upoId',
          upoId: body.upoId,
          currency,
          customFields: customFieldsOf(body),
          defaultLimit: DEFAULT_WD_REQUESTS_LIMIT,
        },
      );
      try {
        const w = await submitWithdrawal(deps, caller, cmd);
        const f = withdrawalFields(w);
        return clientSuccess({
          ...ids(session),
          wdRequestStatus: f.wdRequestStatus,
          wdRequestId: f.wdRequestId,
          ...(w.merchantWDRequestId !== null ? { merchantWDRequestId: w.merchantWDRequestId } : {}),
          ...(w.userAccountId !== null ? { userAccountId: w.userAccountId } : {}),
          userId: w.userId,
          wdRequestsLimitReached: false,
        });
      } catch (err) {
        if (err instanceof WithdrawalLimitReached) {
          return clientError(domainToWire(err), { ...ids(session), wdRequestsLimitReached: true });
        }
        throw err;
      }
    },
  );

  app.post<{ Body: ClientGetWdRequests }>(
    `${CLIENT_API}/getWdRequests`,
    {
      preValidation: auth,
      schema: {
        summary: "The user's pending withdrawal requests (Web SDK getWdRequests)",
        description:
          "The Pending requests of the session's user (or those in the statuses `wdRequestStatus` names), newest first, as list entries of docs/withdrawals.md, with totalCount as a string.",
        tags: ['client'],
        body: ClientGetWdRequests,
        response: { 200: ClientWdListResponse },
      },
    },
    async (request) => {
      const { session, userTokenId, caller } = callerOf(request);
      // Pending by default (Processing reads as Pending); the withdrawal component asks for more (docs/decisions/0522)
      const asked = request.body.wdRequestStatus ?? ['Pending'];
      const statuses: WithdrawalStatus[] = asked.includes('Pending') ? [...asked, 'Processing'] : [...asked];
      const { rows, total } = await listWithdrawals(deps, caller, {
        userTokenId,
        statuses,
        ...(request.body.maxNumOfRecords !== undefined ? { limit: request.body.maxNumOfRecords } : {}),
      });
      const { siteName, entries } = await listEntriesOf(deps, caller, rows);
      return clientSuccess({
        ...ids(session),
        internalRequestId: Number(deps.ids.numeric(15)),
        totalCount: String(total),
        merchantSiteName: siteName,
        withdrawalRequests: entries,
      });
    },
  );

  app.post<{ Body: ClientCancelWdRequest }>(
    `${CLIENT_API}/cancelWdRequest`,
    {
      preValidation: auth,
      schema: {
        summary: 'Cancel a withdrawal request (Web SDK cancelWdRequest)',
        description:
          "Cancels a Pending request of the session's user. `status` is Success or Error (docs/web-sdk.md); a request that is no longer Pending is errCode 1058.",
        tags: ['client'],
        body: ClientCancelWdRequest,
        response: { 200: ClientWdResponse },
      },
    },
    async (request) => {
      const { session, userTokenId, caller } = callerOf(request);
      try {
        const w = await cancelWithdrawal(deps, caller, { userTokenId, wdRequestId: String(request.body.wdRequestId) });
        const f = withdrawalFields(w);
        return {
          ...clientSuccess({
            ...ids(session),
            wdRequestStatus: f.wdRequestStatus,
            wdRequestId: f.wdRequestId,
            ...(w.merchantWDRequestId !== null ? { merchantWDRequestId: w.merchantWDRequestId } : {}),
            ...(w.userAccountId !== null ? { userAccountId: w.userAccountId } : {}),
          }),
          status: 'Success',
        };
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const wire = domainToWire(err);
        return { ...clientError(wire, ids(session)), status: 'Error' };
      }
    },
  );
}
