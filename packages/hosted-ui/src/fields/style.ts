/**
 * The merchant's styling of the card field page's inputs: an allow-list of CSS properties, applied by
 * the CSSOM (no inline style sheet needed), per state (base, empty, complete, invalid, focus).
 */
import type { FieldStyle } from '@gatehouse/protocol';
import { inputs, page, type Part } from './state.js';
import { partStates, showInvalid } from './validity.js';

const STYLE_PROPS = new Set([
  'color',
  'fontFamily',
  'fontSize',
  'fontStyle',
  'fontWeight',
  'fontVariant',
  'letterSpacing',
  'lineHeight',
  'textAlign',
  'textTransform',
  'textShadow',
  'backgroundColor',
  'padding',
  'border',
  'borderColor',
  'borderRadius',
  'borderWidth',
  'borderStyle',
  'caretColor',
  'height',
  'opacity',
  'outline',
]);

function applyStyle(rules: Record<string, string> | undefined, input: HTMLInputElement): void {
  if (!rules) return;
  for (const [k, v] of Object.entries(rules)) {
    if (!STYLE_PROPS.has(k) || typeof v !== 'string' || /url\(|expression|[<>{};]/i.test(v)) continue;
    (input.style as unknown as Record<string, string>)[k] = v;
  }
}

export function restyle(): void {
  const style: FieldStyle = page.config?.style ?? {};
  const states = partStates();
  for (const [part, input] of Object.entries(inputs) as Array<[Part, HTMLInputElement]>) {
    input.removeAttribute('style');
    applyStyle(style.base, input);
    const s = states[part];
    if (s?.state === 'empty') applyStyle(style.empty, input);
    if (s?.state === 'complete') applyStyle(style.complete, input);
    if (s && showInvalid(part, s.state)) applyStyle(style.invalid, input);
    if (document.activeElement === input) applyStyle(style.focus, input);
    const invalid = !!s && showInvalid(part, s.state);
    input.classList.toggle('gh-invalid', invalid);
    input.setAttribute('aria-invalid', invalid ? 'true' : 'false');
  }
}
