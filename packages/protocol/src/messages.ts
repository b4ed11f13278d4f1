/**
 * Messages between the SDK (merchant page) and Gatehouse's hosted pages (iframes), by postMessage.
 * Both sides check origins (docs/decisions/0402): the SDK accepts only messages whose origin is the
 * gateway's and whose source is one of its iframes; a hosted page accepts only messages from its parent
 * window with the merchant origin it was given, and posts only to that origin.
 * Card data never crosses this boundary: only states, masked data and results.
 */

export const TAG = 'gatehouse/v1';

export type FieldType = 'ccNumber' | 'ccExpiration' | 'ccCvc' | 'card';
export const FIELD_TYPES: readonly FieldType[] = ['ccNumber', 'ccExpiration', 'ccCvc', 'card'];

/** The work a card field page does on the SDK's behalf, with the card it holds. */
export type FieldOp = 'pay' | 'tokenize' | 'cardDetails' | 'dcc' | 'addCardUpo' | 'payUpo';

/** Style of one state: CSS properties (camelCase) from an allow-list, applied inside the field. */
export type StyleRules = Record<string, string>;
export interface FieldStyle {
  base?: StyleRules;
  focus?: StyleRules;
  empty?: StyleRules;
  invalid?: StyleRules;
  complete?: StyleRules;
}

export interface FieldConfig {
  type: FieldType;
  style: FieldStyle;
  placeholders: Record<string, string>;
  blockPasteCard: boolean;
  support19Digits: boolean;
  cvvIcon: boolean | { backgroundImage?: string; tooltipPosition?: 'top' | 'bottom' };
  blockCards: string[][];
  strictCardBlocking: boolean;
  showCardHolderName: boolean;
  sessionToken: string;
  logLevel: number;
  /** accessible names of the inputs (keys ccNumber, ccExpiration, ccCvc, cardHolderName), e.g. translated by checkout() */
  labels?: Record<string, string>;
  /** the page language and direction (checkout's locale and textDirection) */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** the CVV typed as a password (checkout's maskCvv) */
  maskCvv?: boolean;
  /** only cards matching one of these attribute lists are accepted (checkout's cardWhitelist) */
  cardWhitelist?: string[][];
}

/** The state a field reports on every change (no card data: brand and flags only). */
export interface FieldState {
  type: FieldType;
  empty: boolean;
  complete: boolean;
  invalid: boolean;
  focus: boolean;
  brand?: string;
  error?: string;
  /** for `card`: the state of each of its inputs */
  parts?: Record<string, { empty: boolean; complete: boolean; invalid: boolean; error?: string }>;
}

export type ToField =
  | { tag: typeof TAG; kind: 'config'; config: FieldConfig }
  | { tag: typeof TAG; kind: 'request'; id: number; op: FieldOp; params: Record<string, unknown> }
  | { tag: typeof TAG; kind: 'challenge-done'; id: number; cancelled: boolean }
  | { tag: typeof TAG; kind: 'clear' }
  | { tag: typeof TAG; kind: 'focus' };

export type FromField =
  | { tag: typeof TAG; kind: 'ready'; height: number }
  | { tag: typeof TAG; kind: 'change'; state: FieldState }
  | { tag: typeof TAG; kind: 'response'; id: number; result: Record<string, unknown> }
  | { tag: typeof TAG; kind: 'challenge'; id: number; acsUrl: string; cReq: string };

/** Sent by the 3-D Secure completion page (inside the challenge frame) to the merchant page. */
export interface ChallengeComplete {
  tag: typeof TAG;
  kind: 'challenge-complete';
}

export function isMessage(data: unknown): data is { tag: string; kind: string } {
  return (
    data !== null &&
    typeof data === 'object' &&
    (data as { tag?: unknown }).tag === TAG &&
    typeof (data as { kind?: unknown }).kind === 'string'
  );
}

/** A well-formed http(s) origin (scheme, host, optional port; nothing else). */
export function isOrigin(value: string): boolean {
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(value);
}
