/**
 * Entry of the browser bundle served at /sdk/v1/websdk.js. Defines the globals `ServiceSdk`,
 * `websdk`, `checkout` and `withdrawal` (whose screens are separate bundles, loaded when first called);
 * every call goes to the origin this script was loaded from (docs/web-sdk.md).
 */
import { createTransport, systemNow } from '@gatehouse/protocol';
import { createCheckout } from './checkout/stub.js';
import { createWithdrawal } from './withdrawal/stub.js';
import { createServiceSdk } from './sdk.js';
import { createWebsdk } from './withdrawals.js';

function scriptOrigin(): string {
  const current = document.currentScript as HTMLScriptElement | null;
  try {
    if (current?.src) return new URL(current.src).origin;
  } catch {
    // fall through to the page's origin
  }
  return window.location.origin;
}

const origin = scriptOrigin();
// A page with a strict CSP lets the checkout's style sheet in with the nonce of this script's tag.
const styleNonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
const transport = createTransport(origin);
const w = window as unknown as Record<string, unknown>;
w.ServiceSdk = (params: unknown) => createServiceSdk(params, { gatewayOrigin: origin, transport, now: systemNow });
w.websdk = (init: Parameters<typeof createWebsdk>[0]) => createWebsdk(init, createTransport(origin));

// Set by build.mjs: the content-addressed checkout bundle and its Subresource Integrity hash.
declare const __CHECKOUT_FILE__: string;
declare const __CHECKOUT_INTEGRITY__: string;
/** each non-English locale's texts: its file and SRI hash (docs/decisions/0432) */
declare const __CHECKOUT_LOCALES__: Record<string, { file: string; integrity: string }>;
w.checkout = createCheckout(
  {
    gatewayOrigin: origin,
    transport,
    now: systemNow,
    styleNonce,
    createSdk: (init) => createServiceSdk(init, { gatewayOrigin: origin, transport, now: systemNow }),
  },
  {
    file: typeof __CHECKOUT_FILE__ === 'string' ? __CHECKOUT_FILE__ : 'checkout.js',
    integrity: typeof __CHECKOUT_INTEGRITY__ === 'string' ? __CHECKOUT_INTEGRITY__ : '',
  },
  typeof __CHECKOUT_LOCALES__ === 'object' ? __CHECKOUT_LOCALES__ : {},
);

declare const __WITHDRAWAL_FILE__: string;
declare const __WITHDRAWAL_INTEGRITY__: string;
declare const __WITHDRAWAL_LOCALES__: Record<string, { file: string; integrity: string }>;
w.withdrawal = createWithdrawal(
  {
    gatewayOrigin: origin,
    transport,
    now: systemNow,
    styleNonce,
    createSdk: (init) => createServiceSdk(init, { gatewayOrigin: origin, transport, now: systemNow }),
  },
  {
    file: typeof __WITHDRAWAL_FILE__ === 'string' ? __WITHDRAWAL_FILE__ : 'withdrawal.js',
    integrity: typeof __WITHDRAWAL_INTEGRITY__ === 'string' ? __WITHDRAWAL_INTEGRITY__ : '',
  },
  typeof __WITHDRAWAL_LOCALES__ === 'object' ? __WITHDRAWAL_LOCALES__ : {},
);
