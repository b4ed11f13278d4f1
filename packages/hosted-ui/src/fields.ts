/**
 * The hosted card field page (`/hosted/v1/fields?type=&mo=&g=`), in an iframe on the merchant page.
 * It holds the card data the cardholder types, checks it (Luhn, brand, expiry, CVV), reports states
 * (never data) to the SDK, and on the SDK's request sends the card straight to the client API on its
 * own origin, answering only a ccTempToken, masked details or a payment result.
 * Messages: accepted only from the parent window with the merchant origin `mo`; posted only to `mo`.
 * Several fields of one group (`g`: ccNumber, ccExpiration, ccCvc) find each other on a
 * BroadcastChannel, which only pages of the gateway's origin can join.
 * This file is the entry (bundled into dist/fields.js): it wires the SDK's messages to the parts in
 * `fields/` (state, inputs, style, validity, report, group, requests).
 */
import { FIELD_TYPES, isMessage, isOrigin, TAG, type ToField } from '@gatehouse/protocol';
import { addCvvIcon, addNameInput, render } from './fields/inputs.js';
import { report } from './fields/report.js';
import { fail, handle } from './fields/requests.js';
import { challengeWaiters, inputs, merchantOrigin, page, type Part, post, touched, type } from './fields/state.js';

function onMessage(event: MessageEvent): void {
  if (event.origin !== merchantOrigin || event.source !== window.parent || !isMessage(event.data)) return;
  const msg = event.data as ToField;
  switch (msg.kind) {
    case 'config': {
      const config = msg.config;
      page.config = config;
      if (config.showCardHolderName) addNameInput();
      if (config.lang) document.documentElement.lang = config.lang.slice(0, 8);
      if (config.dir === 'rtl' || config.dir === 'ltr') document.documentElement.dir = config.dir;
      if (config.maskCvv && inputs.cvc) inputs.cvc.type = 'password';
      for (const [part, input] of Object.entries(inputs) as Array<[Part, HTMLInputElement]>) {
        const key = { number: 'ccNumber', exp: 'ccExpiration', cvc: 'ccCvc', name: 'cardHolderName' }[part];
        const ph = config.placeholders[key] ?? (type !== 'card' ? config.placeholders[type] : undefined);
        if (typeof ph === 'string') input.placeholder = ph.slice(0, 40);
        const label = config.labels?.[key];
        if (typeof label === 'string' && label) input.setAttribute('aria-label', label.slice(0, 80));
        if (part === 'number') input.maxLength = config.support19Digits ? 23 : 19;
      }
      addCvvIcon();
      page.lastSent = '';
      report();
      break;
    }
    case 'request': {
      if (!page.config || typeof msg.id !== 'number') return;
      const params = msg.params !== null && typeof msg.params === 'object' ? msg.params : {};
      void handle(msg.id, msg.op, params)
        .catch(() => fail(1000, 'General error'))
        .then((result) => post({ tag: TAG, kind: 'response', id: msg.id, result }));
      break;
    }
    case 'challenge-done': {
      const resolve = challengeWaiters.get(msg.id);
      challengeWaiters.delete(msg.id);
      resolve?.(msg.cancelled ? 'cancelled' : 'done');
      break;
    }
    case 'clear':
      for (const input of Object.values(inputs)) input.value = '';
      for (const p of Object.keys(touched) as Part[]) touched[p] = false;
      report();
      break;
    case 'focus':
      (inputs.number ?? inputs.exp ?? inputs.cvc)?.focus();
      break;
    default:
      break;
  }
}

function start(): void {
  if (!isOrigin(merchantOrigin) || !FIELD_TYPES.includes(type) || window.parent === window) {
    document.body.textContent = 'This page is a Gatehouse card field: it must be embedded by the Web SDK.';
    return;
  }
  render();
  window.addEventListener('message', onMessage);
  post({ tag: TAG, kind: 'ready', height: Math.max(document.documentElement.scrollHeight, 40) });
}

start();
