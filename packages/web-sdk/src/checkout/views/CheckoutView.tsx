import { isBusy } from '../../ui/payment-flow.machine.js';
import { ResultState } from '../../ui/components/ResultState/ResultState.js';
import { Spinner } from '../../ui/components/Spinner/Spinner.js';
import { MethodList } from '../../ui/components/MethodList/MethodList.js';
import { themeStyle } from '../../ui/theme.js';
import { FINAL } from '../model.js';
import { submitPayment } from '../pay.js';
import type { Checkout } from '../host.js';
import { AmountView, PayLabel } from './AmountView.js';
import { MethodForm } from './MethodForm.js';
import { SavedMethods } from './SavedMethods.js';
import { FormErrors, RecoveryView, SaveView } from './Extras.js';
import { Withdrawals } from './Withdrawals.js';

/**
 * The whole form: title, amount, saved methods, methods (in the theme's layout), the selected method's
 * form, the result and the pay button. A final or pending result replaces everything editable.
 */
export function CheckoutView({ c }: { c: Checkout }) {
  const { s, o, t } = c;
  const busy = isBusy(s.flow);
  const done = FINAL.has(s.phase);
  const accordion = o.theme === 'accordion';
  const sel = s.selected;
  const selectedMethod = sel?.kind === 'method' ? s.methods.find((m) => m.id === sel.id) : undefined;
  const methods = (
    <section aria-labelledby="ghc-methods-h">
      <h3 id="ghc-methods-h" tabIndex={-1}>
        {t('methods')}
      </h3>
      {s.phase === 'loading' ? (
        <p class="ghc-muted">{t('loading')}</p>
      ) : s.methods.length === 0 ? (
        <p>{t('noMethods')}</p>
      ) : (
        <MethodList
          methods={s.showAll ? s.methods : s.methods.slice(0, 3)}
          selected={sel?.kind === 'method' ? sel.id : undefined}
          variant={accordion ? 'accordion' : 'tiles'}
          label={t('methods')}
          disabled={busy || done}
          onSelect={(id) => c.select({ kind: 'method', id })}
          panel={(m) => <MethodForm c={c} m={s.methods.find((x) => x.id === m.id)!} />}
          more={
            !s.showAll && s.methods.length > 3
              ? { label: t('showMore'), onShow: () => c.update({ showAll: true }) }
              : undefined
          }
        />
      )}
    </section>
  );
  const form =
    !accordion && selectedMethod ? <div class="ghc-panel-flat">{<MethodForm c={c} m={selectedMethod} />}</div> : null;
  const upos = s.upos.length > 0 ? <SavedMethods c={c} /> : null;
  const body =
    o.theme === 'cashier' ? (
      <div class="ghc-body">
        <div class="ghc-side">
          {upos}
          {methods}
        </div>
        <div class="ghc-main">{form}</div>
      </div>
    ) : (
      <div class="ghc-body">
        {upos}
        {methods}
        {form}
      </div>
    );
  return (
    <div
      class={`ghc gh-theme ghc-theme-${o.theme}`}
      style={themeStyle(o.theme, o.appearance)}
      dir={o.textDirection}
      lang={o.locale}
      data-phase={s.phase}
      aria-busy={busy}
    >
      {s.overlay ? <div class="ghc-overlay" data-ghc-overlay="" /> : null}
      <div {...(s.overlay ? { inert: true, 'aria-hidden': 'true' } : {})}>
        <h2>{t('title')}</h2>
        <AmountView c={c} />
        {done ? null : <Withdrawals c={c} />}
        {done ? null : body}
        {done ? null : <SaveView c={c} />}
        <ResultState
          tone={s.status?.tone ?? 'info'}
          message={s.status?.text ?? ''}
          next={s.phase === 'pending' ? s.next : undefined}
          final={done ? s.phase : undefined}
        />
        {s.recovery ? <RecoveryView c={c} r={s.recovery} /> : null}
        {done ? null : (
          <button
            type="button"
            class="ghc-pay"
            // until the data and every card frame have loaded the button is disabled (the frames show skeletons)
            disabled={!sel || s.phase === 'loading' || !s.framesReady}
            // busy: aria-disabled, not disabled, so that the focus stays on the button meanwhile
            aria-disabled={busy ? 'true' : undefined}
            onClick={() => (busy ? undefined : void submitPayment(c))}
          >
            {busy ? <Spinner label="" /> : null}
            {busy ? ` ${t('processing')}` : <PayLabel c={c} />}
          </button>
        )}
        {/* below the pay button: it appears without moving what the shopper was looking at */}
        {s.showErrors && !done && !busy ? <FormErrors c={c} /> : null}
      </div>
    </div>
  );
}
