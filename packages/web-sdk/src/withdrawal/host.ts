import type { FieldState } from '@gatehouse/protocol';
import type { HostedField } from '../fields.js';
import type { FlowEvent } from '../ui/payment-flow.machine.js';
import type { Selection } from '../ui/method-catalogue.js';
import type { Translate } from '../ui/texts.js';
import type { WithdrawalOptions } from './names.js';
import type { WithdrawalEnv, WithdrawalInstance } from './stub.js';
import type { CardPart, WdState } from './model.js';

/**
 * What the withdrawal's views and helpers see of its controller (`controller.tsx`): they depend on
 * this interface, not on the controller's module, so that it renders them without an import cycle
 * (as the checkout's do, docs/decisions/0430).
 */
export interface WithdrawalHost {
  readonly o: WithdrawalOptions;
  readonly env: WithdrawalEnv;
  readonly t: Translate;
  readonly root: HTMLElement;
  readonly sdk: ReturnType<WithdrawalEnv['createSdk']>;
  readonly fields: Record<CardPart, HostedField>;
  readonly states: Partial<Record<CardPart, FieldState>>;
  destroyed: boolean;
  s: WdState;
  go(event: FlowEvent, patch?: Partial<WdState>): boolean;
  update(patch: Partial<WdState>): void;
  call(name: keyof WithdrawalOptions['callbacks'], ...args: unknown[]): unknown;
  money(amount: string | number, currency?: string): string;
  select(sel: Selection): void;
  checkReady(): void;
  /** the flags every onReady / onResult carries (wdRequestsLimitReached) */
  limitFlags(): { wdRequestsLimitReached: boolean };
  api(): WithdrawalInstance;
  destroy(): void;
}
