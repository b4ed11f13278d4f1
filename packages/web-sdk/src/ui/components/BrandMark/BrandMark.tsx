import { BRAND_LABELS, type CardBrand } from './brands.js';

/**
 * A card scheme's mark as a small SVG (32×20), with its name for screen readers (or hidden when a
 * neighbouring text already names it). Drawn here, not loaded: no request, and the colours keep their
 * contrast in forced-colours mode through the outline.
 */
export function BrandMark({ brand, decorative = false }: { brand: CardBrand; decorative?: boolean }) {
  const label = BRAND_LABELS[brand];
  return (
    <svg
      class="gh-brand-mark"
      data-brand={brand}
      width="32"
      height="20"
      viewBox="0 0 32 20"
      focusable="false"
      {...(decorative ? { 'aria-hidden': 'true' } : { role: 'img', 'aria-label': label })}
    >
      <rect x=".5" y=".5" width="31" height="19" rx="3" fill={BG[brand]} stroke="#8a96a3" />
      {MARKS[brand]}
    </svg>
  );
}

const BG: Record<CardBrand, string> = {
  visa: '#1a1f71',
  mastercard: '#fff',
  amex: '#2e77bb',
  discover: '#fff',
  maestro: '#fff',
  jcb: '#fff',
  unionpay: '#fff',
  diners: '#fff',
};

const word = (text: string, fill: string, size = 7.5) => (
  <text
    x="16"
    y="13"
    text-anchor="middle"
    font-family="Arial,Helvetica,sans-serif"
    font-weight="700"
    font-size={size}
    fill={fill}
  >
    {text}
  </text>
);

const MARKS: Record<CardBrand, preact.JSX.Element> = {
  visa: word('VISA', '#fff', 8.5),
  mastercard: (
    <g>
      <circle cx="13" cy="10" r="6" fill="#eb001b" />
      <circle cx="19" cy="10" r="6" fill="#f79e1b" fill-opacity=".9" />
    </g>
  ),
  amex: word('AMEX', '#fff'),
  discover: (
    <g>
      {word('DISC', '#231f20', 6.5)}
      <circle cx="26" cy="10" r="3" fill="#f58220" />
    </g>
  ),
  maestro: (
    <g>
      <circle cx="13" cy="10" r="6" fill="#0099df" />
      <circle cx="19" cy="10" r="6" fill="#eb001b" fill-opacity=".9" />
    </g>
  ),
  jcb: (
    <g>
      <rect x="6" y="4" width="6" height="12" rx="2" fill="#0e4c96" />
      <rect x="13" y="4" width="6" height="12" rx="2" fill="#e21836" />
      <rect x="20" y="4" width="6" height="12" rx="2" fill="#00a651" />
    </g>
  ),
  unionpay: (
    <g>
      <path d="M7 4h6l-2 12H5z" fill="#e21836" />
      <path d="M13 4h6l-2 12h-6z" fill="#00447c" />
      <path d="M19 4h6l-2 12h-6z" fill="#007b84" />
    </g>
  ),
  diners: (
    <g>
      <circle cx="16" cy="10" r="6.5" fill="none" stroke="#0079be" stroke-width="2" />
      <path d="M14 6.5v7M18 6.5v7" stroke="#0079be" stroke-width="1.5" />
    </g>
  ),
};
