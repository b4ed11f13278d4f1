import { WithdrawalRequestList } from '../../ui/components/WithdrawalRequestList/WithdrawalRequestList.js';
import { cancelWithdrawal } from '../withdrawals.js';
import type { Checkout } from '../host.js';

/** The shopper's pending withdrawals, each with a button that cancels it (the amount goes back to the balance). */
export function Withdrawals({ c }: { c: Checkout }) {
  const { s, t } = c;
  return (
    <WithdrawalRequestList
      requests={s.withdrawals}
      heading={t('pendingWithdrawals')}
      headingId="ghc-wd-h"
      money={(amount, currency) => c.money(amount, currency)}
      statusText={() => t('withdrawalPending')}
      cancel={t('cancelWithdrawal')}
      cancelOf={(amount) => t('cancelWithdrawalOf', { amount })}
      canCancel={() => true}
      onCancel={(id) => void cancelWithdrawal(c, id)}
    />
  );
}
