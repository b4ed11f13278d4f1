import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { PayOrderOutcome } from '../../domain/payments/pay-order.js';
import type { Session, SessionOrder } from '../../domain/sessions/session.types.js';
import {
  Authenticate3dResponse,
  PaymentFamilyRequests,
  PaymentFamilyResponse,
  type PaymentFamilyBody,
  type PaymentFamilyMethod,
} from '../../schemas/session/payment-family.schema.js';
import {
  CATALOGUE_CHECKSUM_FIELDS as CHECKSUM_FIELDS,
  type CatalogueMethodName,
  verifyCatalogueChecksum,
} from '../../security/catalogue-checksum.js';
import { NotFound } from '../../domain/errors.js';
import { baseUrlOf } from '../three-d.view.js';
import { bodyObject, contextOf, logClientRequestId, verifySiteChecksum } from './auth.js';
import { catalogueChecksumAuth } from './catalogue.js';
import { SESSION_API } from './envelope.js';
import { customDataOf, sessionAuthenticationFields, sessionPaymentFields } from './payment.render.js';
import { checkOrderId, paymentBodyOf } from './payment-family.translate.js';
import { sessionPaymentOf } from './payment.translate.js';
import { replayPrecheck } from './replay.js';
import { paySession } from './session-pay.handler.js';
import { sessionOfBody } from './session-token.auth.js';

/**
 * The session payment family (docs/session-methods.md), `POST /ppp/api/v1/<method>.do`, one file per
 * method (`payments.pay-cc.ts`, `payments.pay-apm.ts`, `payments.pay-3d.ts`, `payments.dynamic-3d.ts`,
 * `payments.authorize-3d.ts`, `payments.authenticate-3d.ts`, `payments.verify-3d.ts`): each
 * body is rewritten as the payment.do body it stands for (payment-family.translate.ts), then paid by
 * `payOrder` like payment.do. A replayed signed body of a payment made at once (paymentCC, paymentAPM,
 * payment3D, dynamic3D without a 3-D Secure step) answers its first answer (docs/decisions/0805).
 */

type Extra = (paid: PayOrderOutcome) => Record<string, unknown>;
/** the methods that may move money at once; authorization3D shares dynamic3D's */
const REPLAYED = ['paymentCC', 'paymentAPM', 'payment3D', 'dynamic3D'] as const;
type Replayed = (typeof REPLAYED)[number];
/** The route generic of every family method: its body as the family's schemas type it. */
export interface FamilyRoute {
  Body: PaymentFamilyBody<PaymentFamilyMethod>;
}

export interface FamilyMethod {
  /** the wire name; `as` the method whose body, checksum and behaviour it shares */
  name: CatalogueMethodName;
  as: PaymentFamilyMethod;
  summary: string;
  description: string;
  extra?: Extra;
}

/** The path, options and handler of a family method, for its file to register. */
export function familyMethodRoute(app: FastifyInstance, m: FamilyMethod) {
  const replay = REPLAYED.find((r) => r === m.as);
  return {
    url: `${SESSION_API}/${m.name}.do`,
    options: {
      preValidation: catalogueChecksumAuth(app, m.name),
      ...(replay ? { preHandler: replayPrecheck(app, replay) } : {}),
      schema: {
        summary: m.summary,
        description: `${m.description} Checksum: ${CHECKSUM_FIELDS[m.as].join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: PaymentFamilyRequests[m.as],
        response: { 200: m.as === 'authenticate3d' ? Authenticate3dResponse : PaymentFamilyResponse },
      },
    },
    handler: (request: FastifyRequest<{ Body: PaymentFamilyBody<PaymentFamilyMethod> }>) =>
      payFamily(app, request, m, replay),
  };
}

export async function payFamily(
  app: FastifyInstance,
  request: FastifyRequest<{ Body: PaymentFamilyBody<PaymentFamilyMethod> }>,
  m: FamilyMethod,
  replay?: Replayed,
) {
  const { deps } = app.services;
  const ctx = contextOf(request);
  const body = paymentBodyOf(m.as, request.body);
  return paySession(app, request, {
    body: { ...body, sessionToken: request.body.sessionToken },
    translate: (s: Session, o: SessionOrder) => {
      checkOrderId(request.body, o);
      return sessionPaymentOf(deps, ctx, body, s, o, baseUrlOf(request));
    },
    replay,
    extend(options) {
      const step = options.threeD && 'relatedTransactionId' in options.threeD ? options.threeD : undefined;
      if (m.as === 'authenticate3d' && step) return { threeD: { ...step, authenticateOnly: true } };
      // dynamic3D's relatedTransactionId may name an approved payment rather than a step (0154)
      if (m.as === 'dynamic3D' && step) return { threeD: { ...step, dynamic: true } };
      return {};
    },
    render: (paid, { session, order, userTokenId, options }) =>
      m.as === 'authenticate3d'
        ? sessionAuthenticationFields(paid, session.token, order)
        : {
            ...sessionPaymentFields(paid, session.token, order, userTokenId, {
              ...options,
              ...customDataOf(request.body),
            }),
            ...m.extra?.(paid),
          },
  });
}

/**
 * verify3d has no checksum in the SDKs that send it without one (docs/session-methods.md): the caller is
 * the session's site; a checksum, when sent, is verified ([A], 1021, 1001).
 */
export function verify3dAuth(app: FastifyInstance): preValidationAsyncHookHandler {
  return async (request) => {
    const body = bodyObject(request);
    const session = await sessionOfBody(app, request);
    if (body.checksum !== undefined) {
      const site = await app.services.deps.storage.read.merchants.findSite(session.siteId);
      if (!site) throw new NotFound('site', 'Invalid merchant site id');
      // a checksum sent is a signature like any other: verified, and recent enough (docs/decisions/0822)
      verifySiteChecksum(
        app.services,
        (secret, given) => verifyCatalogueChecksum(CHECKSUM_FIELDS.verify3d, body, secret, given),
        body,
        site,
      );
    }
    request.sessionContext = { merchantId: session.merchantId, siteId: session.siteId };
    logClientRequestId(request, body);
  };
}
