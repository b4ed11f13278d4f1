import type { FastifyInstance } from 'fastify';
import {
  type AccountCaller,
  bankAccountOf,
  enrollBankAccount,
  fundBankAccount,
} from '../../domain/accounts/account.service.js';
import type { BankAccount } from '../../domain/accounts/account.types.js';
import { Invalid, MethodNotEnabled } from '../../domain/errors.js';
import type { DomainDeps } from '../../domain/ports.js';
import { findCallerSession, requireSessionOrder } from '../../domain/sessions/session.service.js';
import { formatDecimal } from '../../lib/money.js';
import {
  AccountCaptureRequest,
  AccountResponse,
  AddBankAccountRequest,
  EnrollAccountRequest,
  FundAccountRequest,
  GetAccountDetailsRequest,
} from '../../schemas/session/accounts.schema.js';
import { obj, str } from '../fields.js';
import { accountCaptureUrl } from '../shared/account-capture-url.js';
import { contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';
import { registerTokenMethod } from './session-token.auth.js';
import { withdrawalChecksumAuth } from './withdrawal.auth.js';

const METHOD_FIELD = 'paymentOption.alternativePaymentMethod.paymentMethod';

/** paymentOption.alternativePaymentMethod.paymentMethod of a request: a method of the catalogue, else 1068. */
function methodOf(deps: DomainDeps, body: Record<string, unknown>): string {
  const name = String(obj(obj(body.paymentOption)?.alternativePaymentMethod)?.paymentMethod);
  if (!deps.acquirer.apmMethod(name))
    throw new MethodNotEnabled(METHOD_FIELD, `${name} is not an enabled payment method`);
  return name;
}

function accountFields(a: BankAccount, currency?: string): Record<string, unknown> {
  return {
    userId: a.userId,
    userTokenId: a.userTokenId,
    paymentMethod: a.paymentMethod,
    accountStatus: a.status,
    bankAccount: {
      ...(a.bankName !== null ? { bankName: a.bankName } : {}),
      ...(a.accountLast4 !== null ? { accountNumber: `****${a.accountLast4}` } : {}),
      ...(a.routingNumber !== null ? { routingNumber: a.routingNumber } : {}),
    },
    ...(currency ? { fundedAmount: formatDecimal(a.funded, currency), currency } : {}),
  };
}

/**
 * accountCapture, addBankAccount, enrollAccount, fundAccount, getAccountDetails (server facts 2.9,
 * docs/decisions/0132): a bank account per user, site and APM, enrolled with its details (the number
 * kept as its last 4 digits), funded with the session order's amount, read back masked.
 */
export function registerAccounts(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const enroll = (ctx: AccountCaller, body: Record<string, unknown>) => {
    const bank = obj(body.bankAccount);
    return enrollBankAccount(deps(), ctx, {
      userTokenId: String(body.userTokenId),
      userId: String(body.userId),
      paymentMethod: methodOf(deps(), body),
      ...(str(bank?.bankName) ? { bankName: str(bank?.bankName)! } : {}),
      ...(str(bank?.accountNumber) ? { accountNumber: str(bank?.accountNumber)! } : {}),
      ...(str(bank?.routingNumber) ? { routingNumber: str(bank?.routingNumber)! } : {}),
    });
  };

  registerTokenMethod(app, {
    name: 'accountCapture',
    summary: 'Capture a payout account',
    description:
      "Answers `redirectUrl`: Gatehouse's account capture page for the payout-capable paymentMethod, where the user enters the account; it is stored as an APM UPO of userTokenId (usable by withdrawals). The sessionToken of a finished payment is accepted.",
    body: AccountCaptureRequest,
    response: AccountResponse,
    async handle(session, body, request) {
      const urlDetails =
        obj(body.urlDetails) ??
        (str(body.notificationUrl) ? { notificationUrl: str(body.notificationUrl) } : undefined);
      return {
        userTokenId: String(body.userTokenId),
        redirectUrl: accountCaptureUrl(deps(), request, session.token, {
          ...body,
          ...(urlDetails ? { urlDetails } : {}),
        }),
      };
    },
  });

  app.post(
    `${SESSION_API}/addBankAccount.do`,
    {
      preValidation: withdrawalChecksumAuth(app),
      schema: {
        summary: "Add a user's bank account",
        description:
          'Enrols bankAccount {bankName, accountNumber, routingNumber} of userTokenId for the APM in paymentOption.alternativePaymentMethod.paymentMethod (one account per user and method: a second call replaces its details). Checksum: merchantId, merchantSiteId, then every other field in body order (nested values flattened in order), then timeStamp, then the merchant secret key.',
        tags: ['session'],
        body: AddBankAccountRequest,
        response: { 200: AccountResponse },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const body = obj(request.body) ?? {}; // validated by the route's schema
      const session = await findCallerSession(deps(), String(body.sessionToken), ctx);
      return success(request, {
        sessionToken: session.token,
        clientUniqueId: String(body.clientUniqueId),
        ...accountFields(await enroll(ctx, body)),
      });
    },
  );

  registerTokenMethod(app, {
    name: 'enrollAccount',
    summary: "Enrol a user's account for an APM",
    description: 'As addBankAccount, without a checksum, and bankAccount optional (an account without bank details).',
    body: EnrollAccountRequest,
    response: AccountResponse,
    async handle(session, body) {
      return { clientUniqueId: String(body.clientUniqueId), ...accountFields(await enroll(session, body)) };
    },
  });

  const userOf = (session: { userTokenId: string | null }, body: Record<string, unknown>) => {
    const userTokenId = str(body.userTokenId) ?? session.userTokenId ?? undefined;
    return { ...(userTokenId !== undefined ? { userTokenId } : {}), userId: String(body.userId) };
  };

  registerTokenMethod(app, {
    name: 'fundAccount',
    summary: "Fund a user's enrolled account",
    description:
      "Adds the session order's amount to the funded total of the user's account for the APM (userTokenId, else the session's, else userId). An APM without an enrolled account is errCode 1019 naming userId.",
    body: FundAccountRequest,
    response: AccountResponse,
    async handle(session, body) {
      const order = await requireSessionOrder(deps(), session);
      if (!order.pricing) throw new Invalid('sessionToken', 'names an order without an amount');
      const a = await fundBankAccount(
        deps(),
        session,
        userOf(session, body),
        methodOf(deps(), body),
        order.pricing.amount,
      );
      return { clientUniqueId: String(body.clientUniqueId), ...accountFields(a, order.pricing.currency) };
    },
  });

  registerTokenMethod(app, {
    name: 'getAccountDetails',
    summary: "Get a user's enrolled account",
    description:
      "The user's account for the APM: status, masked bank details. No account is errCode 1019 naming userId.",
    body: GetAccountDetailsRequest,
    response: AccountResponse,
    async handle(session, body) {
      const a = await bankAccountOf(deps(), session, userOf(session, body), methodOf(deps(), body));
      return { clientUniqueId: String(body.clientUniqueId), ...accountFields(a) };
    },
  });
}
