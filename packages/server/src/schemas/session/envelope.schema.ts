import { Type } from 'typebox';
import { MerchantDetails } from './common.schema.js';

/**
 * The response envelope of every session server call (docs/session-methods.md), HTTP 200 whatever the outcome.
 * Response schemas are allow-lists: only these members (and a route's own) ever leave the server.
 */
export const EnvelopeFields = {
  internalRequestId: Type.Integer({ description: 'Internal request ID used for reconciliation' }),
  status: Type.Enum(['SUCCESS', 'ERROR']),
  errCode: Type.Integer({ description: '0 on success' }),
  reason: Type.String({ description: 'Empty on success' }),
  version: Type.String({ description: 'Interface version, 1.0' }),
  merchantId: Type.Optional(Type.String()),
  merchantSiteId: Type.Optional(Type.String()),
  clientRequestId: Type.Optional(Type.String()),
  clientUniqueId: Type.Optional(Type.String()),
  userTokenId: Type.Optional(Type.String()),
  sessionToken: Type.Optional(Type.String()),
  merchantDetails: Type.Optional(MerchantDetails),
};

export const SessionEnvelope = Type.Object(EnvelopeFields, { title: 'SessionEnvelope' });

export const PartialApproval = Type.Object(
  {
    requestedAmount: Type.Optional(Type.String()),
    requestedCurrency: Type.Optional(Type.String()),
    processedAmount: Type.Optional(Type.String()),
    processedCurrency: Type.Optional(Type.String()),
  },
  { title: 'SessionPartialApproval' },
);
