import { ErrorSummary } from '../../ui/components/ErrorSummary/ErrorSummary.js';
import { invalidFields, savePmMode } from '../form-rules.js';
import { captionOf, PART_FIELDS } from '../model.js';
import type { RecoveryOverride } from '../payloads.js';
import { focusField, recover } from '../pay.js';
import type { Checkout } from '../host.js';

/** "Save this payment method" (savePM true/force), or the notice that it will be (always). */
export function SaveView({ c }: { c: Checkout }) {
  const mode = savePmMode(c);
  const t = c.t;
  if (mode === 'false' || c.s.phase === 'approved') return null;
  if (mode === 'always')
    return (
      <p class="ghc-muted" data-ghc-save="always">
        {t('savePmAlways')}{' '}
        {c.o.savePmUrl ? (
          <a href={c.o.savePmUrl} target="_blank" rel="noopener noreferrer">
            {t('terms')}
          </a>
        ) : null}
      </p>
    );
  return (
    <label class="ghc-check" data-ghc-save={mode}>
      <input
        type="checkbox"
        id="ghc-save"
        checked={c.s.save}
        onChange={(e) => {
          const v = (e.currentTarget as HTMLInputElement).checked;
          c.update({ save: v });
          c.call('onPaymentFormChange', c.currentMethod(), t('savePm'), 'check', !v, v, true, false);
        }}
      />
      <span>{t('savePm')}</span>
    </label>
  );
}

/** After a failed submit: the fields to correct, each a button that focuses its field. */
export function FormErrors({ c }: { c: Checkout }) {
  const t = c.t;
  const labels: Record<string, string> = {
    [PART_FIELDS.number]: t('cardNumber'),
    [PART_FIELDS.exp]: t('expiry'),
    [PART_FIELDS.cvc]: t('cvv'),
    cardHolderName: t('cardHolder'),
    installments: t('installments'),
    nationalId: t('nationalId'),
    amount: t('chooseAmount'),
    paymentMethod: t('methods'),
  };
  const method = c.s.methods.find((m) => m.id === c.currentMethod());
  const items = invalidFields(c).map((name) => ({
    name,
    label: labels[name] ?? captionOf(method?.fields.find((f) => f.name === name)?.caption, c.o.locale, name),
  }));
  return <ErrorSummary title={t('fixFields')} items={items} onPick={(name) => focusField(c, name)} />;
}

/** After a decline: the ways on that onDeclineRecovery (or the defaults) leave open. */
export function RecoveryView({ c, r }: { c: Checkout; r: RecoveryOverride }) {
  const t = c.t;
  const choice = (kind: 'differentCard' | 'retry' | 'nextPm') => (
    <button type="button" class="ghc-link" data-recovery={kind} onClick={() => recover(c, kind)}>
      {t(kind)}
    </button>
  );
  return (
    <div class="ghc-recovery" data-ghc-recovery="">
      {r.supportMessage ? <p class="ghc-muted">{r.supportMessage}</p> : null}
      {r.differentCard ? choice('differentCard') : null}
      {r.retry ? choice('retry') : null}
      {r.nextPm ? choice('nextPm') : null}
    </div>
  );
}
