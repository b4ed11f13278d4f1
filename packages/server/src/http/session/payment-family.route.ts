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
import {
  customDataOf,
  paRequestOf,
  partialApprovalDetailsOf,
  sessionAuthenticationFields,
  sessionPaymentFields,
} from './payment.render.js';
import { checkOrderId, paymentBodyOf } from './payment-family.translate.js';
import { sessionPaymentOf } from './payment.translate.js';
import { replayPrecheck } from './replay.js';
import { paySession } from './session-pay.handler.js';
import { sessionOfBody } from './session-token.auth.js';

/**
 * The session payment family (docs/session-methods.md), `POST /ppp/api/v1/<method>.do`: each
 * body is rewritten as the payment.do body it stands for (payment-family.translate.ts), then paid by
 * `payOrder` like payment.do. A replayed signed body of a payment made at once (paymentCC, paymentAPM,
 * payment3D, dynamic3D without a 3-D Secure step) answers its first answer (docs/decisions/0805).
 */

type Extra = (paid: PayOrderOutcome) => Record<string, unknown>;
/** the methods that may move money at once; authorization3D shares dynamic3D's */
const REPLAYED = ['paymentCC', 'paymentAPM', 'payment3D', 'dynamic3D'] as const;
type Replayed = (typeof REPLAYED)[number];
interface FamilyMethod {
  /** the wire name; `as` the method whose body, checksum and behaviour it shares */
  name: CatalogueMethodName;
  as: PaymentFamilyMethod;
  summary: string;
  description: string;
  extra?: Extra;
}

const METHODS: readonly FamilyMethod[] = [
  {
    name: 'paymentCC',
    as: 'paymentCC',
    summary: 'Pay with a card (cardData)',
    description:
      "Pays the session's order (or the order its fields open) with `cardData`, transactionType Auth or Sale; `isPartialApproval` lets the acquirer approve less. Answers payment.do's members and `partialApprovalDetails.amountInfo` (requested and processed amounts). A signed body already accepted answers its first answer again and moves no money.",
    extra: partialApprovalDetailsOf,
  },
  {
    name: 'paymentAPM',
    as: 'paymentAPM',
    summary: 'Pay with an APM (paymentMethod)',
    description:
      "Pays with the APM `paymentMethod` (its fields in `userAccountDetails`), or a stored APM `userPaymentOption.userPaymentOptionId`. Answers payment.do's APM answer (REDIRECT with `redirectUrl`, PENDING, APPROVED, DECLINED). A signed body already accepted answers its first answer again.",
  },
  {
    name: 'payment3D',
    as: 'payment3D',
    summary: 'Pay with a card and 3-D Secure (paymentMethod cc_card)',
    description:
      'Pays with `cardData` (or `userPaymentOption`) and paymentMethod `cc_card`; with `relatedTransactionId` it continues that 3-D Secure step (an InitAuth3D, or a completed challenge). `paResponse` is accepted and not used. A challenge answers REDIRECT with `paRequest` (the cReq) and `acsUrl`.',
    extra: paRequestOf,
  },
  ...(['dynamic3D', 'authorization3D'] as const).map((name) => ({
    name,
    as: 'dynamic3D' as const,
    summary:
      name === 'dynamic3D'
        ? 'Pay after an InitAuth3D (dynamic 3-D Secure)'
        : "Pay after an InitAuth3D (dynamic3D under the Node SDK's name)",
    description:
      "Pays with `cardData` or `userPaymentOption {userPaymentOptionId, CVV}` after the InitAuth3D `relatedTransactionId`: frictionless cards are paid at once, challenge cards answer REDIRECT with `paRequest` and `acsUrl` (the cRes goes to urlDetails.notificationUrl, else successUrl). `externalMpi {eci, cavv, xid}` passes the merchant's own 3-D Secure result; `dynamic3DMode: OFF` pays without the step. A related transaction that is not an approved InitAuth3D of the caller answers transactionStatus ERROR, gwExtendedErrorCode 1271.",
    extra: paRequestOf,
  })),
  {
    name: 'authorize3d',
    as: 'authorize3d',
    summary: 'Authorise with 3-D Secure after initPayment',
    description:
      "Continues the InitAuth3D `relatedTransactionId` with `paymentOption.card.threeD`: a frictionless card is paid (APPROVED or DECLINED); a challenge card answers REDIRECT with the challenge step's transactionId, which verify3d then pays once the challenge is answered.",
  },
  {
    name: 'authenticate3d',
    as: 'authenticate3d',
    summary: 'Authenticate with 3-D Secure only (no payment)',
    description:
      'Authenticates the card of the InitAuth3D `relatedTransactionId` (docs/decisions/0141): answers `paymentOption.card.threeD` {result, eci, cavv, dsTransID, masked card, ...}, or REDIRECT with acsUrl/cReq for a challenge. No money moves.',
  },
];

export function registerPaymentFamily(app: FastifyInstance): void {
  for (const m of METHODS) registerFamilyMethod(app, m);
  registerVerify3d(app);
}

function registerFamilyMethod(app: FastifyInstance, m: FamilyMethod): void {
  const replay = REPLAYED.find((r) => r === m.as);
  app.post<{ Body: PaymentFamilyBody<typeof m.as> }>(
    `${SESSION_API}/${m.name}.do`,
    {
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
    async (request) => payFamily(app, request, m, replay),
  );
}

async function payFamily(
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
function verify3dAuth(app: FastifyInstance): preValidationAsyncHookHandler {
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

function registerVerify3d(app: FastifyInstance): void {
  const m: FamilyMethod = {
    name: 'verify3d',
    as: 'verify3d',
    summary: 'Pay once the 3-D Secure challenge of authorize3d is answered',
    description: '',
  };
  app.post<{ Body: PaymentFamilyBody<'verify3d'> }>(
    `${SESSION_API}/verify3d.do`,
    {
      preValidation: verify3dAuth(app),
      schema: {
        summary: m.summary,
        description: `Pays the challenge step \`relatedTransactionId\` that authorize3d answered, with the same card in \`paymentOption.card\`, once the cardholder answered the challenge: APPROVED, or DECLINED Authentication Failed. Authenticated by the sessionToken; a checksum, when sent, is verified: ${CHECKSUM_FIELDS.verify3d.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: PaymentFamilyRequests.verify3d,
        response: { 200: PaymentFamilyResponse },
      },
    },
    async (request) => payFamily(app, request as FastifyRequest<{ Body: PaymentFamilyBody<PaymentFamilyMethod> }>, m),
  );
}
