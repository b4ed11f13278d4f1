import type { ClientTransport } from '@gatehouse/protocol';
import type { CheckoutOptions } from './options.js';

type Obj = Record<string, unknown>;

/** The answers the form is built from: the methods, the saved methods, the open withdrawal requests. */
export type FormData = [apms: Obj, upos: Obj, withdrawals: Obj];

/**
 * Asks for the form's data. websdk.js calls it the moment `checkout()` is called, beside the order
 * check and the bundle's download, and hands the promise to the bundle, so the methods are there when
 * the form mounts rather than asked for after it (docs/decisions/0453).
 */
export function requestFormData(transport: ClientTransport, o: CheckoutOptions): Promise<FormData> {
  return Promise.all([
    transport('getApms', {
      sessionToken: o.sessionToken,
      currencyCode: o.currency,
      countryCode: o.country,
      languageCode: o.locale,
    }),
    transport('getUserUPOs', { sessionToken: o.sessionToken }),
    o.userTokenId
      ? transport('getWdRequests', { sessionToken: o.sessionToken, userTokenId: o.userTokenId })
      : Promise.resolve({} as Obj),
  ]);
}
