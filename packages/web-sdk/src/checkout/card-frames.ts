import type { HostedField, HostedFields } from '../fields.js';
import { warmFrame } from '../lazy-bundle.js';
import { parkFrames } from '../ui/frame-slots.js';
import { CARD } from '../ui/method-catalogue.js';
import type { CheckoutOptions } from './options.js';
import type { ScreenEnv } from '../lazy-bundle.js';

/**
 * The checkout's SDK instance and card frames, made by websdk.js when `checkout()` is called, before
 * the checkout bundle has arrived (docs/decisions/0454): the three card frames (number, expiry, CVV)
 * are created at once in a holder beside the merchant's `renderTo` element, where they load while the
 * order is checked and the bundle and the methods download; the form's slots then take them loaded
 * (`parkFrames`, docs/decisions/0453); where a loaded frame cannot be moved, a hidden warm-up frame
 * does what it can instead (docs/decisions/0452). Their group is held: the frames get their config
 * (labels, theme, placeholders) when the form, which knows its texts, calls `configure`.
 */
export interface CardFrames {
  readonly sdk: ReturnType<ScreenEnv['createSdk']>;
  readonly card: HostedFields;
  readonly fields: Record<'number' | 'exp' | 'cvc', HostedField>;
  /** the holder of the parked frames (kept in the container when the form renders), if any */
  readonly holder: HTMLElement | undefined;
  /** removes the parked frames no slot took and their holder, or the warm-up frame (at onReady, on failure) */
  unpark(): void;
  /** sends the SDK's payment events to `handler` (the form, once it has mounted) */
  onPaymentEvent(handler: (e: unknown) => void): void;
}

/** Creates the checkout's SDK and card group; parks the frames in `container` unless the card is left out. */
export function startCardFrames(env: ScreenEnv, o: CheckoutOptions, container: Element): CardFrames {
  let onEvent: (e: unknown) => void = () => undefined;
  const sdk = env.createSdk({
    sessionToken: o.sessionToken,
    merchantId: o.merchantId,
    merchantSiteId: o.merchantSiteId,
    env: o.env,
    logLevel: o.logLevel,
    support19Digits: o.support19Digits,
    strictCardBlocking: o.strictCardBlocking,
    blockCards: o.blockCards,
    locale: o.locale,
    onPaymentEvent: (e: unknown) => onEvent(e),
  });
  const card = sdk.fields({}, true);
  const fields = {
    number: card.create('ccNumber'),
    exp: card.create('ccExpiration'),
    cvc: card.create('ccCvc'),
  };
  const withCard = !o.pmWhitelist || o.pmWhitelist.includes(CARD);
  const parked = withCard ? parkFrames(container, [fields.number, fields.exp, fields.cvc]) : undefined;
  // where a loaded frame cannot be moved, a warm-up frame starts the gateway's frame process (0452)
  const warm = withCard && !parked ? warmFrame(env.gatewayOrigin) : undefined;
  return {
    sdk,
    card,
    fields,
    holder: parked?.holder,
    unpark: parked?.remove ?? warm ?? (() => undefined),
    onPaymentEvent: (handler) => {
      onEvent = handler;
    },
  };
}
