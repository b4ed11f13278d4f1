import type { Checkout } from './host.js';
import type { Obj, PendingWithdrawal } from './model.js';
import { pendingOf, wdRequestCanceledPayload } from '../ui/withdrawal-requests.js';

export { wdRequestCanceledPayload };

/**
 * The shopper's pending withdrawal requests (with the `userTokenId` option): listed above the methods,
 * each cancellable before paying (a cashier's "reverse withdrawal"); a cancel fires wdRequestCanceled
 * (docs/decisions/0434).
 */

/** The answer's Pending requests (the others are not the checkout's to show). */
export const pendingWithdrawalsOf = (answer: Obj): PendingWithdrawal[] => pendingOf(answer);

export async function cancelWithdrawal(c: Checkout, id: string): Promise<void> {
  const w = c.s.withdrawals.find((x) => x.id === id);
  if (!w || !c.o.userTokenId) return;
  const answer = await c.env.transport('cancelWdRequest', {
    sessionToken: c.o.sessionToken,
    userTokenId: c.o.userTokenId,
    wdRequestId: Number(id),
  });
  if (c.destroyed) return;
  const amount = c.money(w.amount, w.currency);
  if (answer.status !== 'Success') {
    c.update({ status: { tone: 'bad', text: c.t('withdrawalNotCanceled', { amount }) } });
    return;
  }
  c.update({
    withdrawals: c.s.withdrawals.filter((x) => x.id !== id),
    status: { tone: 'ok', text: c.t('withdrawalCanceled', { amount }) },
  });
  c.event('withdrawalCanceled', { wdRequestId: id });
  c.call('wdRequestCanceled', wdRequestCanceledPayload(w, answer));
  c.root.querySelector<HTMLElement>('.ghc-status')?.focus();
}
