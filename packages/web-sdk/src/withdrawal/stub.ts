import { pick } from '@gatehouse/protocol';
import { isObj, type Obj, sdkError } from '../rules.js';
import {
  bindMethods,
  type BundleRef,
  deliver,
  loadModule,
  loadTexts,
  type ScreenEnv,
  targetOf,
  warmUntilReady,
} from '../lazy-bundle.js';
import { validateWithdrawal } from './options.js';

/**
 * The `withdrawal` global of websdk.js (docs/web-sdk.md, withdrawal()). It checks the parameters (an
 * invalid call answers the SDK's error result, gives it to onResult when there is one, and neither
 * renders nor downloads anything), then loads the withdrawal bundle (`/sdk/v1/withdrawal.<hash>.js`,
 * with its Subresource Integrity hash, and the texts of a non-English locale) the first time it is
 * needed, as the checkout does (docs/decisions/0410, 0432). The methods wait for the component they act on.
 */

type Result = Record<string, unknown>;

export type WithdrawalEnv = ScreenEnv;

export const WD_METHODS = ['getApms', 'getUserUPOs', 'applyOverlay', 'removeOverlay', 'addUpo', 'destroy'] as const;
export type WithdrawalInstance = Record<(typeof WD_METHODS)[number], (...args: unknown[]) => unknown>;

/**
 * What the withdrawal bundle registers: `mount(params, env)` renders the component and answers its
 * methods. The params arrive validated (websdk.js holds the rules); the bundle fills in the defaults.
 */
export interface WithdrawalModule {
  mount(params: Obj, env: WithdrawalEnv): Promise<WithdrawalInstance>;
}

const GLOBAL = '__gatehouseWithdrawal';
const APMS_INPUT = ['sessionToken', 'currencyCode', 'countryCode', 'languageCode'];
const TEXTS = '__gatehouseWithdrawalTexts';

export function createWithdrawal(env: WithdrawalEnv, bundle: BundleRef, locales: Record<string, BundleRef> = {}) {
  let module: Promise<WithdrawalModule> | undefined;
  let current: Promise<WithdrawalInstance | undefined> | undefined;
  let cool = (): void => undefined;

  const withdrawal = ((params: unknown): Result | undefined => {
    const error = validateWithdrawal(params);
    if (error) return deliver(params, error);
    const p = params as Record<string, unknown>;
    if (!targetOf(p.renderTo))
      return deliver(params, sdkError(1019, 'renderTo must be the selector of an element on the page'));
    const previous = current;
    module ??= loadModule<WithdrawalModule>(env.gatewayOrigin, bundle, GLOBAL);
    module.catch(() => undefined);
    const texts = loadTexts(env.gatewayOrigin, TEXTS, p.locale, locales[String(p.locale)]);
    // the card frames' process starts while the bundle and the data load (docs/decisions/0452)
    cool();
    const { params: mountable, cool: warm } = warmUntilReady(env.gatewayOrigin, p);
    cool = warm;
    current = (async () => {
      const old = await previous;
      old?.destroy();
      try {
        const mod = await module!;
        const table = await texts;
        return await mod.mount(mountable, { ...env, ...(table ? { texts: table } : {}) });
      } catch {
        warm();
        module = undefined;
        deliver(params, sdkError(1000, 'The withdrawal could not be loaded'));
        return undefined;
      }
    })();
    return undefined;
  }) as ((params: unknown) => Result | undefined) & Record<string, (...args: unknown[]) => Promise<unknown>>;

  bindMethods(
    withdrawal,
    WD_METHODS,
    () => current,
    () => {
      current = undefined;
      cool();
    },
    sdkError(1000, 'No withdrawal on the page: call withdrawal(params) first'),
  );
  // getApms and getUserUPOs also work before the component renders (to list saved methods first),
  // given a sessionToken (docs/decisions/0520)
  for (const name of ['getApms', 'getUserUPOs'] as const) {
    const viaComponent = withdrawal[name]!;
    withdrawal[name] = async (...args: unknown[]) => {
      const p = args.find(isObj);
      if (!p || typeof p.sessionToken !== 'string' || !p.sessionToken) return viaComponent(...args);
      const body = name === 'getApms' ? { ...pick(p, APMS_INPUT), type: 'WITHDRAWAL' } : pick(p, ['sessionToken']);
      const r = await env.transport(name, body);
      const cb = args.find((a) => typeof a === 'function') as ((r: Result) => void) | undefined;
      try {
        cb?.(r);
      } catch {
        // the merchant's callback failing is not ours to report
      }
      return r;
    };
  }
  return withdrawal;
}
