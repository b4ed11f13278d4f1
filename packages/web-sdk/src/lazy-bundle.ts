import type { ClientTransport } from '@gatehouse/protocol';
import type { createServiceSdk } from './sdk.js';
/**
 * What the `checkout` and `withdrawal` globals of websdk.js share: adding a content-addressed,
 * SRI-checked script once (the screen's bundle, or one locale's texts, docs/decisions/0410, 0432) and
 * handing a result to the merchant's onResult without letting its exceptions out.
 */

export interface BundleRef {
  file: string;
  integrity: string;
}

type Result = Record<string, unknown>;

/** Adds the script `bundle` (with its SRI hash) once; resolves to what it registered under `read()`. */
export function loadScript<T>(origin: string, bundle: BundleRef, read: () => T | undefined): Promise<T> {
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
      else reject(new Error(`${bundle.file} did not register`));
    };
    script.onerror = () => reject(new Error(`${bundle.file} failed to load`));
    document.head.append(script);
  });
}

const w = () => window as unknown as Record<string, Record<string, unknown> | undefined>;

/** The module a bundle registered as `window[name]`, loading the bundle first when it is not there. */
export const loadModule = <T>(origin: string, bundle: BundleRef, name: string) =>
  loadScript(origin, bundle, () => w()[name] as T | undefined);

/**
 * A locale's texts, registered by its script under `window[name][locale]` (English is in the screen's
 * bundle); an unknown or failing one resolves to undefined and the screen stays in English.
 */
export const loadTexts = (origin: string, name: string, locale: unknown, ref: BundleRef | undefined) =>
  ref
    ? loadScript(origin, ref, () => w()[name]?.[String(locale)] as Record<string, string> | undefined).catch(
        () => undefined,
      )
    : Promise.resolve(undefined);

/** Gives `result` to the params' onResult, when there is one; returns it. */
export function deliver(params: unknown, result: Result): Result {
  const onResult = (params as { onResult?: unknown } | null)?.onResult;
  if (typeof onResult === 'function') {
    try {
      (onResult as (r: Result) => void)(result);
    } catch {
      // the merchant's callback failing is not ours to report
    }
  }
  return result;
}

/** The element `selector` names on the page, or null (a selector that does not parse names none). */
export function targetOf(selector: unknown): Element | null {
  try {
    return document.querySelector(String(selector));
  } catch {
    // expected: not a valid selector, which names no element
    return null;
  }
}

/**
 * Puts on `target` one method per name that waits for the screen `current()` resolves to and calls
 * its method; with no screen on the page it answers the SDK's error (to a callback argument too).
 * `destroy` forgets the screen; names in `rejecting` return a promise that rejects with that error.
 */
export function bindMethods(
  target: Record<string, (...args: unknown[]) => Promise<unknown>>,
  names: readonly string[],
  current: () => Promise<Record<string, (...args: unknown[]) => unknown> | undefined> | undefined,
  forget: () => void,
  missing: Result,
  rejecting: readonly string[] = [],
): void {
  for (const name of names) {
    target[name] = async (...args: unknown[]) => {
      const now = current();
      const instance = now ? await now : undefined;
      if (!instance) {
        const cb = args.find((a) => typeof a === 'function') as ((r: Result) => void) | undefined;
        cb?.(missing);
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- deleteUpo's promise rejects with its result object (ADR 0411)
        if (rejecting.includes(name)) throw missing;
        return missing;
      }
      if (name === 'destroy') forget();
      return instance[name]!(...args);
    };
  }
}

/**
 * A hidden frame of the gateway's card-field page in warm-up mode, added when a component that shows
 * card frames is called: the browser starts the gateway's frame process and fetches fields.js while
 * the order, the bundle and the methods load, so the card frames open at once (docs/decisions/0452).
 * Answers the function that removes it (at onReady, or on failure).
 */
export function warmFrame(origin: string): () => void {
  const frame = document.createElement('iframe');
  frame.src = `${origin}/hosted/v1/fields?warm=1&mo=${encodeURIComponent(window.location.origin)}`;
  frame.hidden = true;
  frame.title = 'Gatehouse';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  document.body.append(frame);
  return () => frame.remove();
}

/**
 * The warm-up frame for one call of a component: `params` with an onReady that removes the frame
 * before calling the merchant's, and `cool` to remove it sooner (a refusal, a failure, a new call).
 */
export function warmUntilReady(
  origin: string,
  p: Record<string, unknown>,
): { params: Record<string, unknown>; cool: () => void } {
  const cool = warmFrame(origin);
  const onReady = p.onReady;
  return {
    cool,
    params: {
      ...p,
      onReady: (...args: unknown[]) => {
        cool();
        if (typeof onReady === 'function') (onReady as (...a: unknown[]) => unknown)(...args);
      },
    },
  };
}

/**
 * Makes the browser load its number-formatting data for `locale` while the component's bundle and
 * data are on the network: the first Intl.NumberFormat of a page costs tens of milliseconds, which
 * would otherwise fall in the bundle's first render (docs/decisions/0453).
 */
export function warmIntl(locale: string, currency: string): void {
  setTimeout(() => {
    try {
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(0);
    } catch {
      // expected: a locale or currency Intl does not know; the screen formats it its own way
    }
  }, 0);
}

/** What websdk.js hands to a screen's bundle (the checkout, the withdrawal) when it mounts it. */
export interface ScreenEnv {
  gatewayOrigin: string;
  transport: ClientTransport;
  now: () => number;
  /** the nonce of websdk.js's script tag, given to the screen's <style> (strict CSP pages) */
  styleNonce?: string;
  createSdk: (init: Record<string, unknown>) => ReturnType<typeof createServiceSdk>;
  /** the texts of the user's locale when it is not English (its own script, docs/decisions/0432) */
  texts?: Record<string, string>;
}
