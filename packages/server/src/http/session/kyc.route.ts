import type { FastifyInstance, FastifyReply } from 'fastify';
import { decideKyc, findKyc, startKyc } from '../../domain/accounts/account.service.js';
import type { KycRecord } from '../../domain/accounts/account.types.js';
import { DomainError } from '../../domain/errors.js';
import { DocumentUploadUrlRequest, EkycRequest, KycResponse } from '../../schemas/session/accounts.schema.js';
import { baseUrlOf } from '../three-d.view.js';
import { registerCatalogueMethod } from './catalogue.js';

/** The sandbox page of a KYC check: where the document is "uploaded" and the check decided. */
export const KYC_PAGE = '/sandbox/kyc';

/**
 * In production mode the page only shows the check's status: a decision is the provider's, never the
 * user's own (docs/decisions/0824, amended).
 */
const page = (k: KycRecord, note = '', decide = true) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>KYC check ${k.id}</title></head>
<body><h1>KYC check ${k.id} (${k.kind})</h1><p>Status: <strong id="status">${k.status}</strong></p>${note}
${
  k.status === 'Pending' && decide
    ? `<p>Gatehouse sandbox: decide the check as the provider would.</p>
<form method="post" action="${KYC_PAGE}/${k.uploadKey}/approve"><button type="submit">Approve</button></form>
<form method="post" action="${KYC_PAGE}/${k.uploadKey}/decline"><button type="submit">Decline</button></form>`
    : ''
}</body></html>`;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

/**
 * eKYC and getDocumentUploadUrl (server facts 2.9, docs/decisions/0132): each starts a Pending KYC
 * record of the user and answers the URL of its sandbox page (`/sandbox/kyc/<key>`), where the check
 * is approved or declined, once.
 */
export function registerKyc(app: FastifyInstance): void {
  const deps = () => app.services.deps;
  const answer = (k: KycRecord, base: string) => ({
    userId: k.userId,
    kycId: k.id,
    kycStatus: k.status,
    url: `${base}${KYC_PAGE}/${k.uploadKey}`,
  });

  registerCatalogueMethod(app, {
    name: 'eKYC',
    summary: 'Start an electronic KYC check',
    description:
      'Records a Pending eKYC check of userTokenId with ekycUserDetails and answers kycId, kycStatus and the url of its sandbox page, where the check is approved or declined.',
    body: EkycRequest,
    response: KycResponse,
    async handle(ctx, body, request) {
      const k = await startKyc(deps(), ctx, {
        kind: 'eKYC',
        userTokenId: body.userTokenId,
        userId: body.userId,
        details: {
          userDetails: body.userDetails,
          ekycUserDetails: body.ekycUserDetails,
          clientUniqueId: body.clientUniqueId,
        },
      });
      return { clientUniqueId: body.clientUniqueId, ...answer(k, baseUrlOf(request)) };
    },
  });

  registerCatalogueMethod(app, {
    name: 'getDocumentUploadUrl',
    summary: 'Get the URL where the user uploads KYC documents',
    description:
      'Records a Pending document check of userTokenId and answers `url`: the sandbox upload page, where the check is approved or declined.',
    body: DocumentUploadUrlRequest,
    response: KycResponse,
    async handle(ctx, body, request) {
      const k = await startKyc(deps(), ctx, {
        kind: 'document',
        userTokenId: body.userTokenId,
        userId: body.userId,
        details: {
          userDetails: body.userDetails,
          kycUserDetails: body.kycUserDetails,
          clientUniqueId: body.clientUniqueId,
        },
      });
      return { clientUniqueId: body.clientUniqueId, ...answer(k, baseUrlOf(request)) };
    },
  });

  const production = () => app.services.config.GATEHOUSE_MODE === 'production';
  const keyOf = (params: unknown) => {
    const key = (params as { key: string }).key;
    return /^[1-9A-HJ-NP-Za-km-z]{10,64}$/.test(key) ? key : undefined;
  };
  app.get(`${KYC_PAGE}/:key`, { schema: { hide: true } }, async (request, reply) => {
    const key = keyOf(request.params);
    const k = key && (await findKyc(deps(), key));
    return k
      ? html(reply, 200, page(k, '', !production()))
      : html(reply, 404, '<!doctype html><title>Not found</title><p>No such KYC check.</p>');
  });
  for (const [action, to] of [
    ['approve', 'Approved'],
    ['decline', 'Declined'],
  ] as const) {
    app.post(`${KYC_PAGE}/:key/${action}`, { schema: { hide: true } }, async (request, reply) => {
      const key = keyOf(request.params);
      const k = key && (await findKyc(deps(), key));
      if (!k) return html(reply, 404, '<!doctype html><title>Not found</title><p>No such KYC check.</p>');
      // production: the simulated provider's decision is not the user's to make
      if (production())
        return html(reply, 403, page(k, '<p role="alert">The KYC provider decides this check.</p>', false));
      try {
        return html(reply, 200, page(await decideKyc(deps(), k.uploadKey, to)));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        return html(
          reply,
          409,
          page(k, `<p role="alert">${k.status === 'Pending' ? 'Changed meanwhile.' : 'Already decided.'}</p>`),
        );
      }
    });
  }
}
