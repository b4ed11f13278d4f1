import { WithdrawalRequestList } from '../../ui/components/WithdrawalRequestList/WithdrawalRequestList.js';
import { isBusy } from '../../ui/payment-flow.machine.js';
import type { WithdrawalHost } from '../host.js';
import { cancelRequest } from '../submit.js';

/** The user's requests with their status (as the merchant moved them), the Pending ones cancellable. */
export function Requests({ h }: { h: WithdrawalHost }) {
  const { s, t } = h;
  return (
    <WithdrawalRequestList
      requests={s.requests}
      heading={t('requests')}
      headingId="ghw-requests-h"
      money={(amount, currency) => h.money(amount, currency)}
      statusText={(w) => {
        const key = `status.${w.status}`;
        const text = t(key);
        return text === key ? w.status : text;
      }}
      cancel={t('cancelRequest')}
      cancelOf={(amount) => t('cancelRequestOf', { amount })}
      canCancel={(w) => w.status === 'Pending'}
      disabled={isBusy(s.flow) || s.expired}
      onCancel={(id) => void cancelRequest(h, id)}
    />
  );
}
