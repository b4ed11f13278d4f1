import { aroundAmount } from '../../ui/money.js';
import { AmountField } from '../../ui/components/AmountField/AmountField.js';
import { amountProblem } from '../form-rules.js';
import { changeAmount } from '../card-extras.js';
import { FINAL } from '../model.js';
import type { Checkout } from '../host.js';

/** "Pay {amount}" with the amount isolated, so a right-to-left form keeps "15,00 €" in one piece. */
export function PayLabel({ c }: { c: Checkout }) {
  const [before, after] = aroundAmount(c.t('pay'));
  const charge = c.charge();
  return (
    <>
      {before}
      <bdi dir="ltr">{c.money(charge.amount, charge.currency)}</bdi>
      {after}
    </>
  );
}

/**
 * The amount to pay: what a payment now charges (with an accepted DCC offer, the converted amount and
 * the rate's direction); with openAmount, an input for it with its range and suggestions.
 */
export function AmountView({ c }: { c: Checkout }) {
  const { o, s, t } = c;
  const charge = c.charge();
  if (!o.openAmount || charge.dcc || FINAL.has(s.phase))
    return (
      <div class="ghc-amount-box">
        <p class="ghc-amount" data-ghc-amount={`${charge.amount} ${charge.currency}`}>
          <span class="gh-sr">{t('amountDue')}: </span>
          <bdi dir="ltr">{c.money(charge.amount, charge.currency)}</bdi>
        </p>
        {charge.dcc ? (
          <p class="ghc-muted" data-ghc-dcc-rate="">
            {t('dccRate', {
              original: '\u2068' + c.money(charge.dcc.amount, charge.dcc.currency) + '\u2069',
              rate: `\u20681 ${charge.dcc.currency} = ${charge.dcc.rate} ${charge.dcc.chargedCurrency}\u2069`,
            })}
          </p>
        ) : null}
      </div>
    );
  const problem = s.showErrors || s.amountText !== s.amount ? amountProblem(c, s.amountText) : undefined;
  return (
    <AmountField
      id="ghc-amount"
      label={`${t('chooseAmount')} (${o.currency})`}
      value={s.amountText}
      hint={t('amountRange', { min: c.money(o.openAmount.min), max: c.money(o.openAmount.max) })}
      error={problem}
      suggestions={o.amountSuggestions.map((a) => ({ value: a, label: c.money(a) }))}
      suggestionsLabel={t('suggested')}
      onChange={(value, suggested) => void changeAmount(c, value, suggested)}
    />
  );
}
