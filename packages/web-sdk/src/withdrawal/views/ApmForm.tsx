import { captionOf, type Method } from '../../ui/method-catalogue.js';
import type { WithdrawalHost } from '../host.js';
import { problems } from '../submit.js';

/** A new APM account to withdraw to: the provider's fields (captions in the user's language). */
export function ApmForm({ h, m }: { h: WithdrawalHost; m: Method }) {
  const { s, o } = h;
  const shown = s.showErrors ? problems(h) : [];
  return (
    <div data-ghw-form={m.id}>
      {m.fields.map((f) => {
        const id = `ghw-apm-${f.name}`;
        const bad = shown.find((p) => p.id === id);
        return (
          <div key={f.name}>
            <label class="ghc-label" for={id}>
              {captionOf(f.caption, o.locale, f.name)}
            </label>
            <input
              id={id}
              class="ghc-input"
              autocomplete={f.name === 'email' ? 'email' : 'off'}
              inputMode={f.name === 'email' ? 'email' : 'text'}
              value={s.apmValues[m.id]?.[f.name] ?? ''}
              aria-invalid={bad ? 'true' : 'false'}
              aria-describedby={`${id}-err`}
              onInput={(e) =>
                h.update({
                  apmValues: {
                    ...s.apmValues,
                    [m.id]: { ...h.s.apmValues[m.id], [f.name]: (e.currentTarget as HTMLInputElement).value },
                  },
                })
              }
            />
            <p class="ghc-err" id={`${id}-err`}>
              {bad?.text ?? ''}
            </p>
          </div>
        );
      })}
    </div>
  );
}
