export interface AmountFieldProps {
  /** the input's id; its hint and error lines are `<id>-hint` and `<id>-err` */
  id: string;
  label: string;
  value: string;
  /** the range ("From €10.00 to €500.00") */
  hint: string;
  /** the problem with the value, '' or undefined when there is none (the line keeps its height) */
  error?: string | undefined;
  /** suggested amounts: each a button with the amount in the user's locale */
  suggestions: Array<{ value: string; label: string }>;
  suggestionsLabel: string;
  disabled?: boolean;
  onChange: (value: string, suggested: boolean) => void;
}

/**
 * An amount the user chooses (openAmount): its labelled input, the range under it, up to three
 * suggested amounts as buttons and an error line. Amounts are shown isolated left to right.
 */
export function AmountField(p: AmountFieldProps) {
  return (
    <div>
      <label class="ghc-label" for={p.id}>
        {p.label}
      </label>
      <input
        id={p.id}
        class="ghc-input"
        inputMode="decimal"
        autocomplete="off"
        dir="ltr"
        value={p.value}
        disabled={p.disabled}
        aria-invalid={p.error ? 'true' : 'false'}
        aria-describedby={`${p.id}-hint ${p.id}-err`}
        onChange={(e) => p.onChange((e.currentTarget as HTMLInputElement).value, false)}
      />
      <p class="ghc-muted" id={`${p.id}-hint`}>
        {p.hint}
      </p>
      {p.suggestions.length > 0 ? (
        <div class="ghc-suggest" role="group" aria-label={p.suggestionsLabel}>
          {p.suggestions.map((a) => (
            <button
              type="button"
              class="ghc-link"
              key={a.value}
              disabled={p.disabled}
              onClick={() => p.onChange(a.value, true)}
            >
              <bdi dir="ltr">{a.label}</bdi>
            </button>
          ))}
        </div>
      ) : null}
      <p class="ghc-err" id={`${p.id}-err`}>
        {p.error ?? ''}
      </p>
    </div>
  );
}
