import { sdkError } from '../rules.js';
import { type CheckoutOptions, validateCheckout } from './options.js';
import { normaliseOptions } from './normalise.js';
import { type FormData, requestFormData } from './form-data.js';
import { type CardFrames, startCardFrames } from './card-frames.js';
import {
  bindMethods,
  type BundleRef,
  deliver,
  loadModule,
  loadTexts,
  type ScreenEnv,
  targetOf,
  warmIntl,
} from '../lazy-bundle.js';

/**
 * The `checkout` global of websdk.js. It checks the parameters (an invalid
 * call answers the SDK's error result, gives it to onResult when there is one, and downloads nothing),
 * asks the server whether the session's order charges the amount and currency to be shown (a dead
 * session or another amount is an onResult error and no form, docs/decisions/0420), then loads the checkout bundle (`/sdk/v1/checkout.<hash>.js`, with its Subresource Integrity hash)
 * the first time it is needed: pages that only use the hosted fields never download it
 * (docs/decisions/0410). The methods (`checkout.submitPayment()`, ...) wait for the form they act on.
 */

type Result = Record<string, unknown>;

export interface CheckoutEnv extends ScreenEnv {
  /** the form's data, asked for when checkout() was called (form-data.ts) */
  formData?: Promise<FormData>;
  /** the SDK and its card frames, made when checkout() was called (card-frames.ts) */
  cardFrames?: CardFrames;
}

/** What websdk.js hands to the bundle's `mount`: its card frames always among it. */
export type MountEnv = CheckoutEnv & Required<Pick<CheckoutEnv, 'cardFrames'>>;

/**
 * What the checkout bundle registers: `mount(options, env)` renders the form and answers its methods.
 * The options arrive validated and normalised (websdk.js holds the rules; the bundle does not repeat them).
 */
export interface CheckoutModule {
  mount(options: CheckoutOptions, env: MountEnv): Promise<CheckoutInstance>;
}
export type CheckoutInstance = Record<(typeof METHODS)[number], (...args: unknown[]) => unknown>;

export const METHODS = [
  'getApms',
  'getCardDetails',
  'clientGetDccDetails',
  'getUserUPOs',
  'getToken',
  'applyOverlay',
  'removeOverlay',
  'destroy',
  'submitPayment',
  'setOpenAmount',
  'deleteUpo',
  'showDeclined',
  'showApproved',
  'showRefresh',
  'addUpo',
] as const;

export type { BundleRef };

const GLOBAL = '__gatehouseCheckout';
const TEXTS = '__gatehouseCheckoutTexts';

export function createCheckout(env: CheckoutEnv, bundle: BundleRef, locales: Record<string, BundleRef> = {}) {
  let module: Promise<CheckoutModule> | undefined;
  let current: Promise<CheckoutInstance | undefined> | undefined;
  let cooling = (): void => undefined;

  const checkout = ((params: unknown): Result | undefined => {
    const error = validateCheckout(params);
    if (error) return deliver(params, error);
    const p = params as Record<string, unknown>;
    const container = targetOf(p.renderTo);
    if (!container) return deliver(params, sdkError(1019, 'renderTo must be the selector of an element on the page'));
    const previous = current;
    // The form shows only what the session's order charges (docs/decisions/0420): the server checks the
    // amount and currency first, while the bundle downloads; a refusal renders nothing and fires no onReady.
    const opened = env.transport('openCheckout', {
      sessionToken: p.sessionToken,
      amount: String(p.amount),
      currency: String(p.currency),
    });
    module ??= loadModule<CheckoutModule>(env.gatewayOrigin, bundle, GLOBAL);
    module.catch(() => undefined);
    const texts = loadTexts(env.gatewayOrigin, TEXTS, p.locale, locales[String(p.locale)]);
    cooling();
    // what the form is built from, asked for now rather than once the bundle has mounted (0453), and
    // its card frames, loading from now on (0454)
    const options = normaliseOptions(p);
    const formData = requestFormData(env.transport, options);
    formData.catch(() => undefined);
    const cardFrames = startCardFrames(env, options, container);
    cooling = cardFrames.unpark;
    warmIntl(options.locale, options.currency);
    current = (async () => {
      const old = await previous;
      old?.destroy();
      const order = await opened;
      if (order.status !== 'SUCCESS') {
        cardFrames.unpark();
        const reason = String(order.reason ?? order.errorDescription ?? 'The checkout could not be opened');
        deliver(params, sdkError(Number(order.errCode) || 1000, reason));
        return undefined;
      }
      try {
        // the order's own decimal form ("15" shown as 15.00), the one the server charges
        const mod = await module!;
        const table = await texts;
        return await mod.mount(
          { ...options, amount: String(order.amount ?? p.amount) },
          { ...env, formData, cardFrames, ...(table ? { texts: table } : {}) },
        );
      } catch {
        cardFrames.unpark();
        module = undefined;
        deliver(params, sdkError(1000, 'The checkout could not be loaded'));
        return undefined;
      }
    })();
    return undefined;
  }) as ((params: unknown) => Result | undefined) & Record<string, (...args: unknown[]) => Promise<unknown>>;

  bindMethods(
    checkout,
    METHODS,
    () => current,
    () => {
      current = undefined;
      cooling();
    },
    sdkError(1000, 'No checkout on the page: call checkout(params) first'),
    ['deleteUpo'],
  );
  return checkout;
}
