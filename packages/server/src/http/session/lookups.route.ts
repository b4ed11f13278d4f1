import type { FastifyInstance } from 'fastify';
import { findApm, listApms, toPaymentMethodDescriptor } from '../../acquirer/apm-catalogue.js';
import { Invalid, MethodNotEnabled } from '../../domain/errors.js';
import { gatewayCodes, SESSION_STATUS } from '../../render/session-transaction.render.js';
import { checkCurrency } from '../../domain/sessions/session.pricing.js';
import { findCallerSession } from '../../domain/sessions/session.service.js';
import { formatDecimal } from '../../lib/money.js';
import {
  DOCUMENT_TYPES,
  DocumentUrlResponse,
  GetDocumentUrlRequest,
  GetMcpRatesRequest,
  GetMerchantPaymentMethodsRequest,
  GetPayoutStatusRequest,
  McpRatesResponse,
  MerchantPaymentMethodsResponse,
  PayoutStatusResponse,
} from '../../schemas/session/accounts.schema.js';
import { obj } from '../fields.js';
import { baseUrlOf } from '../three-d.view.js';
import { registerCatalogueMethod } from './catalogue.js';
import { registerTokenMethod } from './session-token.auth.js';

/** Where the sandbox serves an APM's documents (getDocumentUrl). */
export const DOCUMENT_PAGE = '/sandbox/documents';

/** The currencies getMcpRates quotes against, besides fromCurrency (docs/decisions/0133). */
const MCP_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'JPY',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'BRL',
  'MXN',
  'ZAR',
  'INR',
  'SGD',
];

const DOCUMENT_TITLES: Record<(typeof DOCUMENT_TYPES)[number], string> = {
  TermsAndConditions: 'Terms and conditions',
  PrivacyPolicy: 'Privacy policy',
  FAQ: 'Frequently asked questions',
};

/**
 * getMerchantPaymentMethods, getMcpRates, getPayoutStatus, getDocumentUrl (server facts 2.10,
 * docs/decisions/0133): the simulated APM catalogue, the simulated acquirer's daily rates with their
 * markup, a payout found by its clientRequestId, and a document page the sandbox serves.
 */
export function registerLookups(app: FastifyInstance): void {
  const deps = () => app.services.deps;

  registerCatalogueMethod(app, {
    name: 'getMerchantPaymentMethods',
    summary: 'List the payment methods available',
    description:
      "The simulated APMs for a live session of the caller's site, filtered by currencyCode and countryCode, of type DEPOSIT (default) or WITHDRAWAL.",
    body: GetMerchantPaymentMethodsRequest,
    response: MerchantPaymentMethodsResponse,
    async handle(ctx, body) {
      const session = await findCallerSession(deps(), body.sessionToken, ctx);
      const methods = listApms({
        type: body.type ?? 'DEPOSIT',
        ...(body.currencyCode ? { currency: checkCurrency(body.currencyCode.toUpperCase(), 'currencyCode') } : {}),
        ...(body.countryCode ? { country: body.countryCode } : {}),
      });
      return { sessionToken: session.token, paymentMethods: methods.map(toPaymentMethodDescriptor) };
    },
  });

  registerTokenMethod(app, {
    name: 'getMcpRates',
    summary: 'Get multi-currency pricing rates',
    description:
      "Today's rates of the simulated acquirer from fromCurrency to each currency it prices in (or to toCurrency only), markup included, as decimal strings with 6 fraction digits.",
    body: GetMcpRatesRequest,
    response: McpRatesResponse,
    async handle(_session, body) {
      const from = checkCurrency(String(body.fromCurrency).toUpperCase(), 'fromCurrency');
      const to =
        typeof body.toCurrency === 'string'
          ? [checkCurrency(body.toCurrency.toUpperCase(), 'toCurrency')]
          : MCP_CURRENCIES;
      const { acquirer, clock } = deps();
      const day = acquirer.dccDay(clock.now());
      const rates = to
        .filter((c) => c !== from)
        .map((c) => {
          const q = acquirer.dccQuote(100, from, c, day);
          return { toCurrency: c, rate: q.rateWithMarkup, markUp: q.markUp };
        });
      return { fromCurrency: from, rates };
    },
  });

  registerCatalogueMethod(app, {
    name: 'getPayoutStatus',
    summary: 'Get the status of a payout',
    description:
      "The latest payout of the caller's site sent with this clientRequestId: transactionId, transactionStatus and the gateway codes. No such payout is errCode 1019 naming clientRequestId.",
    body: GetPayoutStatusRequest,
    response: PayoutStatusResponse,
    async handle(ctx, body) {
      const tx = await deps().storage.read.accounts.payoutByClientRequestId(ctx.siteId, body.clientRequestId);
      if (!tx) throw new Invalid('clientRequestId', 'names no payout of this site');
      return {
        transactionId: tx.id,
        transactionType: tx.type,
        transactionStatus: SESSION_STATUS[tx.status],
        amount: formatDecimal(tx.amount, tx.currency),
        currency: tx.currency,
        ...(tx.userTokenId ? { userTokenId: tx.userTokenId } : {}),
        ...gatewayCodes(tx),
      };
    },
  });

  registerTokenMethod(app, {
    name: 'getDocumentUrl',
    summary: "Get the URL of an APM's document",
    description:
      "Answers `url` (and `documentUrl`): the sandbox's page of the APM's TermsAndConditions, PrivacyPolicy or FAQ. An APM the catalogue does not have is errCode 1068.",
    body: GetDocumentUrlRequest,
    response: DocumentUrlResponse,
    async handle(_session, body, request) {
      const name = String(obj(obj(body.paymentOption)?.alternativePaymentMethod)?.paymentMethod);
      const apm = findApm(name);
      if (!apm)
        throw new MethodNotEnabled(
          'paymentOption.alternativePaymentMethod.paymentMethod',
          `${name} is not a payment method of this gateway`,
        );
      const url = `${baseUrlOf(request)}${DOCUMENT_PAGE}/${apm.paymentMethod}/${String(body.documentType)}`;
      return { clientUniqueId: String(body.clientUniqueId), url, documentUrl: url };
    },
  });

  app.get(`${DOCUMENT_PAGE}/:method/:type`, { schema: { hide: true } }, async (request, reply) => {
    const { method, type } = request.params as { method: string; type: string };
    const apm = findApm(method);
    const title = (DOCUMENT_TITLES as Record<string, string>)[type];
    if (!apm || !title)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Not found</title><p>No such document.</p>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}: ${apm.paymentMethod}</title></head><body><h1>${title}</h1><p>${apm.paymentMethod}: a payment method simulated by the Gatehouse sandbox. This page stands in for the provider's document.</p></body></html>`,
      );
  });
}
