import type { WithdrawalRequest } from '../../withdrawal-requests.js';

export interface WithdrawalRequestListProps {
  requests: WithdrawalRequest[];
  /** the heading's text and id (the focus goes there when the last cancellable request is gone) */
  heading: string;
  headingId: string;
  /** an amount in the user's locale */
  money: (amount: string, currency: string) => string;
  /** the status's words ("Pending", "Paid out") */
  statusText: (w: WithdrawalRequest) => string;
  /** the cancel button's text, and its accessible name with the amount */
  cancel: string;
  cancelOf: (amount: string) => string;
  /** which requests may be cancelled (Pending ones) */
  canCancel: (w: WithdrawalRequest) => boolean;
  disabled?: boolean;
  onCancel: (id: string) => void;
}

/**
 * A user's withdrawal requests: the amount (isolated left to right) and the status of each, and a cancel button on those that may still be cancelled. Renders nothing when there is none.
 */
export function WithdrawalRequestList(p: WithdrawalRequestListProps) {
  if (p.requests.length === 0) return null;
  return (
    <section aria-labelledby={p.headingId} class="ghc-wds">
      <h3 id={p.headingId} tabIndex={-1}>
        {p.heading}
      </h3>
      <ul class="ghc-upos">
        {p.requests.map((w) => {
          const amount = p.money(w.amount, w.currency);
          return (
            <li key={w.id} class="ghc-upo" data-wd={w.id} data-wd-status={w.status}>
              <span class="ghc-wd-text">
                <bdi dir="ltr">{amount}</bdi>
                {' · '}
                <span class="ghw-state">{p.statusText(w)}</span>
              </span>
              {p.canCancel(w) ? (
                <button
                  type="button"
                  class="ghc-link"
                  aria-label={p.cancelOf(amount)}
                  disabled={p.disabled}
                  onClick={() => p.onCancel(w.id)}
                >
                  {p.cancel}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
