import { apmFieldProblem } from '../form-rules.js';
import { CARD, captionOf, type Method } from '../model.js';
import type { Checkout } from '../host.js';
import { CardForm } from './CardForm.js';

/** The selected method's form: the card form, or an APM's own fields. */
export function MethodForm({ c, m }: { c: Checkout; m: Method }) {
  return m.id === CARD ? <CardForm c={c} /> : <ApmForm c={c} m={m} />;
}

function ApmForm({ c, m }: { c: Checkout; m: Method }) {
  const { o, t, s } = c;
  const values = s.apmValues[m.id] ?? {};
  const typed = (name: string, value: string) => {
    const f = m.fields.find((x) => x.name === name)!;
    const all = c.s.apmValues;
    const old = all[m.id]?.[name] ?? '';
    c.update({ apmValues: { ...all, [m.id]: { ...all[m.id], [name]: value } } });
    const problem = apmFieldProblem(c, m.id, f);
    c.call('onPaymentFormChange', m.id, name, 'input', old, value, !problem, c.pasted);
    c.pasted = false;
    c.validated();
  };
  return (
    <div class="ghc-apm" data-ghc-form={m.id}>
      {m.fields.map((f) => {
        const id = `ghc-apm-${m.id}-${f.name}`;
        const problem = s.showErrors ? apmFieldProblem(c, m.id, f) : undefined;
        const prefilled = o.prepopulateApmFields[f.name] !== undefined;
        const own = t(`apmField.${f.name}`);
        return (
          <div key={f.name}>
            <label class="ghc-label" for={id}>
              {f.caption?.find((x) => x.language === o.locale)?.message ??
                (own !== `apmField.${f.name}` ? own : captionOf(f.caption, o.locale, f.name))}
            </label>
            <input
              id={id}
              class="ghc-input"
              name={f.name}
              type="text"
              inputMode={f.type === 'email' || f.name === 'email' ? 'email' : 'text'}
              autocomplete={f.name === 'email' ? 'email' : f.name === 'account_holder_name' ? 'name' : 'off'}
              value={values[f.name] ?? ''}
              readOnly={prefilled && o.readonlyPrepopulateApmFields}
              aria-invalid={problem ? 'true' : 'false'}
              aria-describedby={`${id}-err`}
              onPaste={() => (c.pasted = true)}
              onInput={(e) => typed(f.name, (e.currentTarget as HTMLInputElement).value)}
              onBlur={() => c.userData()}
            />
            <p class="ghc-err" id={`${id}-err`}>
              {problem ?? ''}
            </p>
          </div>
        );
      })}
      {m.fields.length === 0 || o.apmWindowType !== 'customRedirect' ? (
        <p class="ghc-muted">{t('redirectNotice')}</p>
      ) : null}
    </div>
  );
}
