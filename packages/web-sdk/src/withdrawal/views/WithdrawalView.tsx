import { ErrorSummary } from '../../ui/components/ErrorSummary/ErrorSummary.js';
import { Modal } from '../../ui/components/Modal/Modal.js';
import { ResultState } from '../../ui/components/ResultState/ResultState.js';
import { Spinner } from '../../ui/components/Spinner/Spinner.js';
import { CARD } from '../../ui/method-catalogue.js';
import { isBusy } from '../../ui/payment-flow.machine.js';
import { directionOf } from '../../ui/texts.js';
import { themeStyle } from '../../ui/theme.js';
import type { WithdrawalHost } from '../host.js';
import { problems, submitWithdrawal } from '../submit.js';
import { AmountChoice, WithdrawLabel } from './AmountChoice.js';
import { PayoutMethods } from './PayoutMethods.js';
import { Requests } from './Requests.js';

/** Moves the focus to a problem's input (a card frame's own input through its field). */
function focusProblem(h: WithdrawalHost, id: string) {
  const part = id.includes('ccNumber')
    ? 'number'
    : id.includes('ccExpiration')
      ? 'exp'
      : id.includes('ccCvc')
        ? 'cvc'
        : '';
  if (part) h.fields[part].focus();
  else h.root.querySelector<HTMLElement>(`#${id}`)?.focus();
}

/**
 * The whole component: title, amount, payout methods, the selected new method's form, the limit
 * notice, the result, the withdraw button and the user's requests. After a request is sent its result
 * replaces what can be edited; an expired session is a dialog.
 */
export function WithdrawalView({ h }: { h: WithdrawalHost }) {
  const { s, o, t } = h;
  const busy = isBusy(s.flow);
  const done = s.flow.name === 'final';
  const loading = s.flow.name === 'loading';
  const sel = s.selected;
  const cardShown = sel?.kind === 'method' && sel.id === CARD;
  const framesLoaded = ['ccNumber', 'ccExpiration', 'ccCvc'].every((f) => s.loadedFrames.includes(f));
  const list = s.showErrors && !busy ? problems(h) : [];
  return (
    <div
      class={`ghc ghw gh-theme ghc-theme-${o.theme}`}
      style={themeStyle(o.theme, o.appearance)}
      dir={directionOf(o.locale)}
      lang={o.locale}
      data-phase={done ? 'pending' : loading ? 'loading' : busy ? 'paying' : s.limitReached ? 'limit' : 'ready'}
      aria-busy={busy}
    >
      {s.overlay ? <div class="ghc-overlay" data-ghc-overlay="" /> : null}
      <div {...(s.overlay || s.expired ? { inert: true, 'aria-hidden': 'true' } : {})}>
        <h2>{t('title')}</h2>
        <AmountChoice h={h} />
        {done ? null : <PayoutMethods h={h} />}
        {o.savePmUrl && !done ? (
          <p class="ghc-muted">
            {t('saveTerms')}{' '}
            <a href={o.savePmUrl} target="_blank" rel="noopener noreferrer">
              {t('terms')}
            </a>
          </p>
        ) : null}
        {s.limitReached && !done ? (
          <p class="ghc-notice" id="ghw-limit" data-ghw-limit="">
            {t('limitReached')}
          </p>
        ) : null}
        <ResultState
          tone={s.status?.tone ?? 'info'}
          message={s.status?.text ?? ''}
          final={done ? 'pending' : undefined}
        />
        {done ? null : (
          <button
            type="button"
            class="ghc-pay"
            disabled={loading || !sel || s.limitReached || s.expired || (cardShown && !framesLoaded)}
            aria-describedby={s.limitReached ? 'ghw-limit' : undefined}
            aria-disabled={busy ? 'true' : undefined}
            onClick={() => (busy ? undefined : void submitWithdrawal(h))}
          >
            {busy ? <Spinner label="" /> : null}
            {busy ? ` ${t('processing')}` : <WithdrawLabel h={h} />}
          </button>
        )}
        {list.length > 0 ? (
          <ErrorSummary
            title={t('fieldInvalid')}
            items={list.map((p) => ({ name: p.id, label: p.text }))}
            onPick={(id) => focusProblem(h, id)}
          />
        ) : null}
        <Requests h={h} />
      </div>
      {s.expired ? (
        <Modal title={t('expiredTitle')} id="ghw-expired" onClose={() => undefined}>
          <p>{t('expired')}</p>
        </Modal>
      ) : null}
    </div>
  );
}
