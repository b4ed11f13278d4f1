/**
 * `@gatehouse/protocol`: what the Web SDK (merchant page) and the hosted pages (Gatehouse's iframes)
 * share: the postMessage messages, the card checks, the client API transport and the card payment
 * flow. Imported by name by both packages, so neither reaches into the other's sources.
 */
export * from './messages.js';
export * from './card-rules.js';
export * from './pay-flow.js';
export * from './transport.js';
export * from './clock.js';
export * from './pick.js';
