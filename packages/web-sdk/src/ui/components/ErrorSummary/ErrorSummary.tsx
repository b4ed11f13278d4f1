export interface ErrorSummaryItem {
  /** the field's key (onFormValidated's name) */
  name: string;
  /** the field's label, as the form shows it */
  label: string;
}

/**
 * After a failed submit: a short list of the fields to correct, each a button that moves the focus to its
 * field (card fields live in frames, so this is a button and not an in-page link). Announced once.
 */
export function ErrorSummary({
  title,
  items,
  onPick,
}: {
  title: string;
  items: ErrorSummaryItem[];
  onPick: (name: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <div class="gh-error-summary" role="alert" data-gh-error-summary="">
      <p class="gh-error-summary-title">{title}</p>
      <ul>
        {items.map((i) => (
          <li key={i.name}>
            <button type="button" class="gh-error-summary-item" data-field={i.name} onClick={() => onPick(i.name)}>
              {i.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
