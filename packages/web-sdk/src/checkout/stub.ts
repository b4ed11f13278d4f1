import type { ClientTransport } from '@gatehouse/protocol';
import { sdkError } from '../rules.js';
import type { createServiceSdk } from '../sdk.js';
import { type CheckoutOptions, validateCheckout } from './options.js';
import { normaliseOptions } from './normalise.js';

/**
 * The `checkout` global of websdk.js. It checks the parameters (an invalid
 * call answers the SDK's error result, gives it to onResult when there is one, and downloads nothing),
 * asks the server whether the session's order charges the amount and currency to be shown (a dead
 * session or another amount is an onResult error and no form, docs/decisions/0420), then loads the checkout bundle (`/sdk/v1/checkout.<hash>.js`, with its Subresource Integrity hash)
 * the first time it is needed: pages that only use the hosted fields never download it
 * (docs/decisions/0410). The methods (`checkout.submitPayment()`, ...) wait for the form they act on.
 */

type Result = Record<string, unknown>;

export interface CheckoutEnv {
  gatewayOrigin: string;
  transport: ClientTransport;
  now: () => number;
  /** the nonce of websdk.js's script tag, given to the checkout's <style> (strict CSP pages) */
  styleNonce?: string;
  createSdk: (init: Record<string, unknown>) => ReturnType<typeof createServiceSdk>;
  /** the texts of the shopper's locale when it is not English (its own script, docs/decisions/0432) */
  texts?: Record<string, string>;
}

/**
 * What the checkout bundle registers: `mount(options, env)` renders the form and answers its methods.
 * The options arrive validated and normalised (websdk.js holds the rules; the bundle does not repeat them).
 */
export interface CheckoutModule {
  mount(options: CheckoutOptions, env: CheckoutEnv): Promise<CheckoutInstance>;
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

export interface BundleRef {
  file: string;
  integrity: string;
}

const GLOBAL = '__gatehouseCheckout';
const TEXTS = '__gatehouseCheckoutTexts';

/** Adds the script `bundle` (with its SRI hash) once; resolves to what it registered under `read()`. */
function loadScript<T>(origin: string, bundle: BundleRef, read: () => T | undefined): Promise<T> {
  const ready = read();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${origin}/sdk/v1/${bundle.file}`;
    if (bundle.integrity) script.integrity = bundle.integrity;
    script.crossOrigin = 'anonymous';
    script.async = true;
    script.onload = () => {
      const mod = read();
      if (mod) resolve(mod);
      else reject(new Error('checkout bundle did not register'));
    };
    script.onerror = () => reject(new Error('checkout bundle failed to load'));
    document.head.append(script);
  });
}

/**
 * A hidden frame of the gateway's card-field page in warm-up mode, added when checkout() is called: the
 * browser starts the gateway's frame process and fetches fields.js while the order, the bundle and the
 * methods load, so the form's card frames open at once (docs/decisions/0452). Gone at onReady or on failure.
 */
function warmFrame(origin: string): () => void {
  const frame = document.createElement('iframe');
  frame.src = `${origin}/hosted/v1/fields?warm=1&mo=${encodeURIComponent(window.location.origin)}`;
  frame.hidden = true;
  frame.title = 'Gatehouse';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  document.body.append(frame);
  return () => frame.remove();
}

const w = () => window as unknown as Record<string, Record<string, unknown> | undefined>;
const loadModule = (origin: string, bundle: BundleRef) =>
  loadScript(origin, bundle, () => w()[GLOBAL] as CheckoutModule | undefined);
/** A locale's texts (English is in the bundle); an unknown or failing one leaves the form in English. */
const loadTexts = (origin: string, locale: unknown, ref: BundleRef | undefined) =>
  ref
    ? loadScript(origin, ref, () => w()[TEXTS]?.[String(locale)] as Record<string, string> | undefined).catch(
        () => undefined,
      )
    : Promise.resolve(undefined);

export function createCheckout(env: CheckoutEnv, bundle: BundleRef, locales: Record<string, BundleRef> = {}) {
  let module: Promise<CheckoutModule> | undefined;
  let current: Promise<CheckoutInstance | undefined> | undefined;

  const deliver = (params: unknown, result: Result) => {
    const onResult = (params as { onResult?: unknown } | null)?.onResult;
    if (typeof onResult === 'function') {
      try {
        (onResult as (r: Result) => void)(result);
      } catch {
        // the merchant's callback failing is not ours to report
      }
    }
    return result;
  };

  const checkout = ((params: unknown): Result | undefined => {
    const error = validateCheckout(params);
    if (error) return deliver(params, error);
    const p = params as Record<string, unknown>;
    let target: Element | null = null;
    try {
      target = document.querySelector(String(p.renderTo));
    } catch {
      target = null;
    }
    if (!target) return deliver(params, sdkError(1019, 'renderTo must be the selector of an element on the page'));
    const previous = current;
    // The form shows only what the session's order charges (docs/decisions/0420): the server checks the
    // amount and currency first, while the bundle downloads; a refusal renders nothing and fires no onReady.
    const opened = env.transport('openCheckout', {
      sessionToken: p.sessionToken,
      amount: String(p.amount),
      currency: String(p.currency),
    });
    module ??= loadModule(env.gatewayOrigin, bundle);
    module.catch(() => undefined);
    const texts = loadTexts(env.gatewayOrigin, p.locale, locales[String(p.locale)]);
    const cool = warmFrame(env.gatewayOrigin);
    const onReady = p.onReady;
    const mountable = {
      ...p,
      onReady: (...args: unknown[]) => {
        cool();
        if (typeof onReady === 'function') (onReady as (...a: unknown[]) => unknown)(...args);
      },
    };
    current = (async () => {
      const old = await previous;
      old?.destroy();
      const order = await opened;
      if (order.status !== 'SUCCESS') {
        cool();
        const reason = String(order.reason ?? order.errorDescription ?? 'The checkout could not be opened');
        deliver(params, sdkError(Number(order.errCode) || 1000, reason));
        return undefined;
      }
      try {
        // the order's own decimal form ("15" shown as 15.00), the one the server charges
        const mod = await module!;
        const table = await texts;
        return await mod.mount(normaliseOptions({ ...mountable, amount: String(order.amount ?? p.amount) }), {
          ...env,
          ...(table ? { texts: table } : {}),
        });
      } catch {
        cool();
        module = undefined;
        deliver(params, sdkError(1000, 'The checkout could not be loaded'));
        return undefined;
      }
    })();
    return undefined;
  }) as ((params: unknown) => Result | undefined) & Record<string, (...args: unknown[]) => Promise<unknown>>;

  for (const name of METHODS) {
    checkout[name] = async (...args: unknown[]) => {
      const instance = current ? await current : undefined;
      if (!instance) {
        const err = sdkError(1000, 'No checkout on the page: call checkout(params) first');
        const cb = args.find((a) => typeof a === 'function') as ((r: Result) => void) | undefined;
        cb?.(err);
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- deleteUpo's promise rejects with its result object (ADR 0411)
        if (name === 'deleteUpo') throw err;
        return err;
      }
      if (name === 'destroy') current = undefined;
      return instance[name](...args);
    };
  }
  return checkout;
}
