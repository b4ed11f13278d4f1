import { AmountField } from '../../ui/components/AmountField/AmountField.js';
import { aroundAmount } from '../../ui/money.js';
import { isBusy } from '../../ui/payment-flow.machine.js';
import type { WithdrawalHost } from '../host.js';
import { amountProblem } from '../submit.js';

/** "Withdraw {amount}" (payButton amountButton) with the amount isolated, or "Withdraw" (textButton). */
export function WithdrawLabel({ h }: { h: WithdrawalHost }) {
  if (h.o.payButton === 'textButton') return <>{h.t('withdraw')}</>;
  const [before, after] = aroundAmount(h.t('withdrawAmount'));
  const amount = h.o.openAmount ? h.s.amountText.replace(',', '.').trim() : h.s.amount;
  return (
    <>
      {before}
      <bdi dir="ltr">{h.money(amountProblem(h) ? h.s.amount : amount)}</bdi>
      {after}
    </>
  );
}

/** The amount: fixed (shown), or with openAmount an input with its range and up to three suggestions. */
export function AmountChoice({ h }: { h: WithdrawalHost }) {
  const { o, s, t } = h;
  if (!o.openAmount || s.flow.name === 'final')
    return (
      <p class="ghc-amount" data-ghw-amount={`${s.amount} ${o.currency}`}>
        <span class="gh-sr">{t('amount')}: </span>
        <bdi dir="ltr">{h.money(s.amount)}</bdi>
      </p>
    );
  const problem = s.showErrors || s.amountText !== s.amount ? amountProblem(h) : undefined;
  return (
    <AmountField
      id="ghw-amount"
      label={`${t('amount')} (${o.currency})`}
      value={s.amountText}
      hint={t('amountRange', { min: h.money(o.openAmount.min), max: h.money(o.openAmount.max) })}
      error={problem}
      suggestions={o.amountSuggestions.map((a) => ({ value: a, label: h.money(a) }))}
      suggestionsLabel={t('suggestedAmounts')}
      disabled={isBusy(s.flow)}
      onChange={(value, suggested) => {
        h.update({ amountText: value, ...(amountProblem(h, value) ? {} : { amount: value.replace(',', '.').trim() }) });
        if (suggested) h.call('onSuggestedAmount', { amount: value, currency: o.currency });
      }}
    />
  );
}
