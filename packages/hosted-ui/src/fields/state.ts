/**
 * The card field page's one instance of shared state: what the page was opened with (its query), the
 * transport to the client API, its inputs, and what it learns as it runs. Every part of the page
 * (`inputs.ts`, `style.ts`, `validity.ts`, `report.ts`, `group.ts`, `requests.ts`, `../fields.ts`)
 * reads and writes this module's objects, never a copy.
 */
import { createTransport, type FieldConfig, type FieldType, type FromField } from '@gatehouse/protocol';

/** The inputs a field page can hold: a `card` field holds several, a split field one. */
export type Part = 'number' | 'exp' | 'cvc' | 'name';

const query = new URLSearchParams(window.location.search);
export const type = (query.get('type') ?? 'card') as FieldType;
export const merchantOrigin = query.get('mo') ?? '';
export const group = (query.get('g') ?? '').replace(/[^0-9a-f]/g, '').slice(0, 32);
export const transport = createTransport(window.location.origin);

/** What the page learns as it runs (held in one object, so every part sees the same values). */
export const page: {
  /** the SDK's config message; undefined until it arrives */
  config: FieldConfig | undefined;
  /** whether one of this page's inputs has the focus */
  focused: boolean;
  /** the brand of the number typed in a sibling frame of the group */
  siblingBrand: string | undefined;
  /** the last state posted, as JSON: a change is posted only when it differs */
  lastSent: string;
} = { config: undefined, focused: false, siblingBrand: undefined, lastSent: '' };

export const inputs: Partial<Record<Part, HTMLInputElement>> = {};
export const touched: Partial<Record<Part, boolean>> = {};
export const challengeWaiters = new Map<number, (outcome: 'done' | 'cancelled') => void>();

export function post(msg: FromField): void {
  window.parent.postMessage(msg, merchantOrigin);
}
