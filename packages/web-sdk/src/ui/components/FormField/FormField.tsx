import type { ComponentChildren } from 'preact';

export interface FormFieldProps {
  /** the control's id: the label points at it, and its hint and error are `<id>-hint`, `<id>-error` */
  id: string;
  label: string;
  hint?: string;
  /** the field's error, shown under it (the control gets `aria-invalid` from its caller) */
  error?: string;
  /** the one control (input, select, textarea), with `aria-describedby={fieldDescribedBy(…)}` */
  children: ComponentChildren;
}

/**
 * A labelled form control with its hint and its error under it, in one column. The caller renders the
 * control and ties it to the hint and the error with `fieldDescribedBy` (a screen reader then reads
 * the label, the value, the hint and the error).
 */
export function FormField({ id, label, hint, error, children }: FormFieldProps) {
  return (
    <div class="gh-field">
      <label class="gh-field-label" for={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p class="gh-field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="gh-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The control's aria-describedby for a FormField with this hint and error (undefined when neither). */
export const fieldDescribedBy = (id: string, hint?: string, error?: string): string | undefined =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** FormField's rules, for a screen that uses it (the theme tokens' colours). */
export const FORM_FIELD_CSS = `
.gh-field{display:flex;flex-direction:column;gap:3px;min-width:0}
.gh-field-label{font-size:13px;font-weight:600}
.gh-field-hint{font-size:13px;color:var(--gh-color-text-secondary);margin:0}
.gh-field-error{font-size:13px;color:var(--gh-color-danger);margin:0}
`;
