/**
 * The card field page's inputs: one per part (number, expiry, CVC, and the holder's name when the
 * config asks for it), their attributes and events, the CVV hint icon, and the formatting of what is
 * typed (the number in its brand's groups, the expiry as MM/YY, the CVC as digits).
 */
import { brandOf, digitsOf, type FieldType, maxDigits } from '@gatehouse/protocol';
import { channel } from './group.js';
import { report, setFocus } from './report.js';
import { inputs, page, type Part, touched, type } from './state.js';
import { numberValue } from './validity.js';

const PART_SPEC: Record<
  Part,
  { autocomplete: string; name: string; label: string; placeholder: string; inputmode: string; maxLength: number }
> = {
  number: {
    autocomplete: 'cc-number',
    name: 'cardnumber',
    label: 'Card number',
    placeholder: '1234 1234 1234 1234',
    inputmode: 'numeric',
    maxLength: 23,
  },
  exp: {
    autocomplete: 'cc-exp',
    name: 'exp-date',
    label: 'Expiration date',
    placeholder: 'MM/YY',
    inputmode: 'numeric',
    maxLength: 7,
  },
  cvc: {
    autocomplete: 'cc-csc',
    name: 'cvc',
    label: 'Security code',
    placeholder: 'CVC',
    inputmode: 'numeric',
    maxLength: 4,
  },
  name: {
    autocomplete: 'cc-name',
    name: 'ccname',
    label: 'Name on card',
    placeholder: 'Name on card',
    inputmode: 'text',
    maxLength: 70,
  },
};

const PARTS_OF: Record<FieldType, Part[]> = {
  card: ['number', 'exp', 'cvc'],
  ccNumber: ['number'],
  ccExpiration: ['exp'],
  ccCvc: ['cvc'],
};

function makeInput(part: Part, placeholder?: string): HTMLInputElement {
  const spec = PART_SPEC[part];
  const input = document.createElement('input');
  input.type = 'text';
  input.id = `gh-${part}`;
  input.name = spec.name;
  input.setAttribute('autocomplete', spec.autocomplete);
  input.setAttribute('inputmode', spec.inputmode);
  input.setAttribute('aria-label', spec.label);
  input.placeholder = placeholder ?? spec.placeholder;
  input.maxLength = spec.maxLength;
  input.spellcheck = false;
  input.className = `gh-input gh-${part}`;
  // digits read left to right in every script: a right-to-left form keeps the number's groups, the
  // expiry and the CVV in order (isolated; the holder's name follows the page's direction)
  if (part !== 'name') input.dir = 'ltr';
  input.setAttribute('aria-required', 'true');
  input.addEventListener('input', () => onInput(part));
  input.addEventListener('focus', () => setFocus(true));
  input.addEventListener('blur', () => {
    touched[part] = true;
    setFocus(false);
  });
  input.addEventListener('paste', (e) => {
    if (part === 'number' && page.config?.blockPasteCard) e.preventDefault();
  });
  return input;
}

export function render(): void {
  document.getElementById('form')?.addEventListener('submit', (e) => e.preventDefault());
  const row = document.getElementById('row')!;
  for (const part of PARTS_OF[type]) {
    const input = makeInput(part);
    inputs[part] = input;
    row.append(input);
  }
}

export function addNameInput(): void {
  if (inputs.name || type !== 'card') return;
  const input = makeInput('name');
  inputs.name = input;
  document.getElementById('row')!.prepend(input);
}

export function addCvvIcon(): void {
  const icon = page.config?.cvvIcon;
  if (!icon || !inputs.cvc || document.getElementById('gh-cvv-icon')) return;
  const span = document.createElement('span');
  span.id = 'gh-cvv-icon';
  span.className = `gh-cvv-icon ${typeof icon === 'object' && icon.tooltipPosition === 'bottom' ? 'gh-tip-bottom' : 'gh-tip-top'}`;
  span.title = 'The 3 digits on the back of your card (4 on the front for American Express)';
  span.setAttribute('aria-hidden', 'true');
  if (typeof icon === 'object' && icon.backgroundImage)
    span.style.backgroundImage = `url("${icon.backgroundImage.replace(/["\\\n]/g, '')}")`;
  inputs.cvc.after(span);
}

function formatNumber(value: string): string {
  const max = maxDigits(digitsOf(value), page.config?.support19Digits === true);
  const digits = value.replace(/\D/g, '').slice(0, max);
  const brand = brandOf(digits);
  const groups = brand?.id === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let i = 0;
  for (const g of groups) {
    if (i >= digits.length) break;
    out.push(digits.slice(i, i + g));
    i += g;
  }
  return out.join(' ');
}

function formatExpiry(value: string, deleting: boolean): string {
  const digits = value.replace(/\D/g, '').slice(0, 6);
  if (digits.length <= 2) return deleting || digits.length < 2 ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

function onInput(part: Part): void {
  const input = inputs[part]!;
  if (part === 'number') {
    input.value = formatNumber(input.value);
    channel?.postMessage({ kind: 'brand', brand: brandOf(numberValue())?.id ?? null });
  } else if (part === 'exp') {
    const wasSlash = input.value.endsWith('/');
    input.value = formatExpiry(input.value, !wasSlash && input.value.length < (input.dataset.prev ?? '').length);
    input.dataset.prev = input.value;
  } else if (part === 'cvc') {
    input.value = input.value.replace(/\D/g, '').slice(0, 4);
  }
  report();
}
