/**
 * The 3-D Secure completion page (the challenge's notificationURL, inside the challenge frame): tells
 * the merchant page — and only the origin it was given — that the cardholder finished the challenge.
 * The outcome itself is read by the card field page from the gateway, never from this message.
 */
import { isOrigin, TAG } from '@gatehouse/protocol';

const mo = new URLSearchParams(window.location.search).get('mo') ?? '';
if (isOrigin(mo) && window.parent !== window) window.parent.postMessage({ tag: TAG, kind: 'challenge-complete' }, mo);
