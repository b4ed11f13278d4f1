import { MethodList } from '../../ui/components/MethodList/MethodList.js';
import { SavedMethodList } from '../../ui/components/SavedMethodList/SavedMethodList.js';
import { CARD, type Method } from '../../ui/method-catalogue.js';
import { isBusy } from '../../ui/payment-flow.machine.js';
import type { WithdrawalHost } from '../host.js';
import { ApmForm } from './ApmForm.js';
import { NewCard } from './NewCard.js';

const MethodForm = ({ h, m }: { h: WithdrawalHost; m: Method }) =>
  m.id === CARD ? <NewCard h={h} /> : <ApmForm h={h} m={m} />;

/**
 * Where the money goes: the user's saved payout methods (a radio group), then the gallery of methods
 * (in the theme's layout, all of them or three and "show more") with the selected new method's form.
 */
export function PayoutMethods({ h }: { h: WithdrawalHost }) {
  const { s, o, t } = h;
  const busy = isBusy(s.flow);
  const sel = s.selected;
  const accordion = o.theme === 'accordion';
  const selectedMethod = sel?.kind === 'method' ? s.methods.find((m) => m.id === sel.id) : undefined;
  const saved =
    s.upos.length > 0 ? (
      <SavedMethodList
        methods={s.upos}
        selected={sel?.kind === 'upo' ? sel.id : undefined}
        disabled={busy}
        canDelete={false}
        texts={{
          heading: t('savedMethods'),
          expires: (date) => t('expires', { date }),
          remove: (name) => name,
          confirm: (name) => name,
          keep: t('close'),
          confirmRemove: t('close'),
        }}
        onSelect={(id) => h.select({ kind: 'upo', id })}
        onDelete={() => Promise.resolve()}
        emptyFocusId="ghc-methods-h"
      />
    ) : null;
  const methods = (
    <section aria-labelledby="ghc-methods-h">
      <h3 id="ghc-methods-h" tabIndex={-1}>
        {s.upos.length > 0 ? t('newMethod') : t('methods')}
      </h3>
      {s.flow.name === 'loading' ? (
        <p class="ghc-muted">{t('loading')}</p>
      ) : s.methods.length === 0 ? (
        <p>{t('noMethods')}</p>
      ) : (
        <MethodList
          methods={s.showAll ? s.methods : s.methods.slice(0, 3)}
          selected={sel?.kind === 'method' ? sel.id : undefined}
          variant={accordion ? 'accordion' : 'tiles'}
          label={t('methods')}
          // never disabled (select() ignores a press while a request is sent): a horizontal list
          // that scrolls keeps its buttons focusable
          onSelect={(id) => h.select({ kind: 'method', id })}
          panel={(m) => <MethodForm h={h} m={s.methods.find((x) => x.id === m.id)!} />}
          more={
            !s.showAll && s.methods.length > 3
              ? { label: t('showMore'), onShow: () => h.update({ showAll: true }) }
              : undefined
          }
        />
      )}
    </section>
  );
  const form =
    !accordion && selectedMethod ? <div class="ghc-panel-flat">{<MethodForm h={h} m={selectedMethod} />}</div> : null;
  if (o.theme === 'cashier')
    return (
      <div class="ghc-body">
        <div class="ghc-side">
          {saved}
          {methods}
        </div>
        <div class="ghc-main">{form}</div>
      </div>
    );
  return (
    <div class="ghc-body">
      {saved}
      {methods}
      {form}
    </div>
  );
}
