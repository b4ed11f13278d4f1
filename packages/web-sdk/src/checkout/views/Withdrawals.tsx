import { cancelWithdrawal } from '../withdrawals.js';
import type { Checkout } from '../host.js';

/** The shopper's pending withdrawals, each with a button that cancels it (the amount goes back to the balance). */
export function Withdrawals({ c }: { c: Checkout }) {
  const { s, t } = c;
  if (s.withdrawals.length === 0) return null;
  return (
    <section aria-labelledby="ghc-wd-h" class="ghc-wds">
      <h3 id="ghc-wd-h">{t('pendingWithdrawals')}</h3>
      <ul class="ghc-upos">
        {s.withdrawals.map((w) => {
          const amount = c.money(w.amount, w.currency);
          return (
            <li key={w.id} class="ghc-upo" data-wd={w.id}>
              <span class="ghc-wd-text">
                <bdi dir="ltr">{amount}</bdi> · {t('withdrawalPending')}
              </span>
              <button
                type="button"
                class="ghc-link"
                aria-label={t('cancelWithdrawalOf', { amount })}
                onClick={() => void cancelWithdrawal(c, w.id)}
              >
                {t('cancelWithdrawal')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
