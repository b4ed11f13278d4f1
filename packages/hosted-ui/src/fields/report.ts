/**
 * Reporting the card field page's state to the SDK: restyles the inputs, then posts a `change` message
 * (states only, never card data) when the state differs from the last one posted.
 */
import { TAG } from '@gatehouse/protocol';
import { inputs, page, post } from './state.js';
import { restyle } from './style.js';
import { fieldState } from './validity.js';

export function report(): void {
  restyle();
  const state = fieldState();
  const text = JSON.stringify(state);
  if (text === page.lastSent) return;
  page.lastSent = text;
  post({ tag: TAG, kind: 'change', state });
}

export function setFocus(on: boolean): void {
  page.focused = on ? true : Object.values(inputs).some((i) => i === document.activeElement);
  report();
}
