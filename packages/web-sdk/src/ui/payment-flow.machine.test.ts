import { describe, expect, it } from 'vitest';
import { canPay, type FlowEvent, type FlowState, INITIAL, isBusy, transition } from './payment-flow.machine.js';

/** The payment flow: every path a shopper can take, and the ones the machine refuses. */

const run = (events: FlowEvent[], from: FlowState = INITIAL): FlowState | null => {
  let s: FlowState | null = from;
  for (const e of events) {
    if (!s) return null;
    s = transition(s, e);
  }
  return s;
};

describe('payment flow machine', () => {
  it('idle → validating → paying → challenge → paying → final approved', () => {
    expect(
      run([
        { type: 'loaded' },
        { type: 'submit' },
        { type: 'valid' },
        { type: 'challenge' },
        { type: 'challengeDone' },
        { type: 'result', result: 'APPROVED' },
      ]),
    ).toEqual({ name: 'final', outcome: 'approved' });
  });

  it.each([
    ['APPROVED', { name: 'final', outcome: 'approved' }],
    ['PENDING', { name: 'final', outcome: 'pending' }],
    ['DECLINED', { name: 'idle', last: 'declined' }],
    ['ERROR', { name: 'idle', last: 'error' }],
    ['SOMETHING', { name: 'idle', last: 'error' }],
  ])('a %s result leads to %j', (result, state) => {
    expect(run([{ type: 'loaded' }, { type: 'submit' }, { type: 'valid' }, { type: 'result', result }])).toEqual(state);
  });

  it('a final state is absorbing: no second payment, no other result, no show* after it', () => {
    for (const outcome of ['approved', 'pending', 'refresh'] as const) {
      const final: FlowState = { name: 'final', outcome };
      expect(canPay(final)).toBe(false);
      const events: FlowEvent[] = [
        { type: 'submit' },
        { type: 'valid' },
        { type: 'loaded' },
        { type: 'result', result: 'DECLINED' },
        { type: 'show', outcome: 'declined' },
        { type: 'show', outcome: 'approved' },
        { type: 'stopped' },
      ];
      for (const e of events) expect(transition(final, e)).toBeNull();
    }
  });

  it('while a payment runs a second submit is refused, and so are the merchant show* calls', () => {
    for (const busy of [{ name: 'validating' }, { name: 'paying' }, { name: 'challenge' }] as FlowState[]) {
      expect(isBusy(busy)).toBe(true);
      expect(canPay(busy)).toBe(false);
      expect(transition(busy, { type: 'submit' })).toBeNull();
      expect(transition(busy, { type: 'show', outcome: 'approved' })).toBeNull();
    }
  });

  it('an invalid form and a stopped prePayment go back to idle, where paying may start again', () => {
    const invalid = run([{ type: 'loaded' }, { type: 'submit' }, { type: 'invalid' }])!;
    expect(invalid).toEqual({ name: 'idle' });
    expect(canPay(invalid)).toBe(true);
    const stopped = run([{ type: 'submit' }, { type: 'valid' }, { type: 'stopped' }], invalid)!;
    expect(stopped).toEqual({ name: 'idle', last: 'stopped' });
    expect(run([{ type: 'submit' }], stopped)).toEqual({ name: 'validating' });
  });

  it('nothing happens before the data is loaded but a refresh', () => {
    expect(transition(INITIAL, { type: 'submit' })).toBeNull();
    expect(transition(INITIAL, { type: 'result', result: 'APPROVED' })).toBeNull();
    expect(transition(INITIAL, { type: 'show', outcome: 'refresh' })).toEqual({ name: 'final', outcome: 'refresh' });
  });

  it('a result without a payment running is refused (an answer arriving twice)', () => {
    expect(transition({ name: 'idle' }, { type: 'result', result: 'APPROVED' })).toBeNull();
  });
});
