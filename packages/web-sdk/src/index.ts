/**
 * Entry of the browser bundle served at /sdk/v1/websdk.js. Defines the globals `ServiceSdk` and
 * `websdk`; every call goes to the origin this script was loaded from (DECISIONS.md section 1).
 */
import { createTransport, systemNow } from '@gatehouse/protocol';
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
const transport = createTransport(origin);
const w = window as unknown as Record<string, unknown>;
w.ServiceSdk = (params: unknown) => createServiceSdk(params, { gatewayOrigin: origin, transport, now: systemNow });
w.websdk = (init: Parameters<typeof createWebsdk>[0]) => createWebsdk(init, createTransport(origin));
