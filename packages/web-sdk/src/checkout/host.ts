import type { FieldState } from '@gatehouse/protocol';
import type { HostedField, HostedFields } from '../fields.js';
import type { FlowEvent } from '../ui/payment-flow.machine.js';
import type { FrameSlots } from '../ui/frame-slots.js';
import type { Translate } from './texts.js';
import type { CheckoutOptions } from './options.js';
import type { DccChoice } from './payloads.js';
import type { CheckoutEnv, CheckoutInstance } from './stub.js';
import type { CardPart, Obj, Selection, State } from './model.js';

/**
 * What the checkout's views and helpers see of its controller (`checkout.tsx`). They depend on this
 * interface, not on the controller's module, so that the controller can render them without an import
 * cycle (docs/decisions/0430).
 */
export interface Checkout {
  readonly o: CheckoutOptions;
  readonly env: CheckoutEnv;
  readonly t: Translate;
  readonly root: HTMLElement;
  readonly sdk: ReturnType<CheckoutEnv['createSdk']>;
  readonly cb: CheckoutOptions['callbacks'];
  readonly card: HostedFields;
  readonly fields: Partial<Record<'number' | 'exp' | 'cvc', HostedField>>;
  readonly upoCvvGroup: HostedFields;
  readonly upoCvv: HostedField;
  /** the card frames: where each is attached, which have loaded */
  readonly frames: FrameSlots;
  readonly states: Partial<Record<CardPart, FieldState>>;
  readonly history: Obj[];
  lastValidated: string;
  dccFor: string;
  /** counts card-number lookups for useDualBrand, so that only the latest answer is used */
  brandLookup: number;
  pasted: boolean;
  destroyed: boolean;
  s: State;
  load(): Promise<void>;
  destroy(): void;
  api(): CheckoutInstance;
  go(event: FlowEvent, patch?: Partial<State>): boolean;
  update(patch: Partial<State>): void;
  call(name: keyof CheckoutOptions['callbacks'], ...args: unknown[]): unknown;
  event(type: string, details?: Obj): void;
  checkReady(): void;
  currentMethod(): string;
  validated(): void;
  money(amount: string | number, currency?: string): string;
  select(sel: Selection): void;
  announceSelection(sel: Selection): void;
  typed(key: 'name' | 'nationalId' | 'promo', label: string, value: string): void;
  userData(): void;
  charge(): { amount: string; currency: string; dcc?: DccChoice };
}
