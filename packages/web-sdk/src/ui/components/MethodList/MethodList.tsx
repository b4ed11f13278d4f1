import type { ComponentChildren } from 'preact';

export interface MethodItem {
  /** the method's id (`cc_card`, `apmgw_…`) */
  id: string;
  /** its name in the shopper's language */
  label: string;
  /** a logo (decorative: the label names the method) */
  logoURL?: string | undefined;
}

export interface MethodListProps {
  methods: MethodItem[];
  /** the selected method's id */
  selected?: string | undefined;
  /** `tiles` (default: buttons that say aria-pressed) or `accordion` (aria-expanded, the panel below its button) */
  variant?: 'tiles' | 'accordion';
  /** the list's accessible name */
  label: string;
  disabled?: boolean;
  onSelect: (id: string) => void;
  /** accordion: the selected method's form, shown under its button */
  panel?: (m: MethodItem) => ComponentChildren;
  /** a "show more" button after the list (paymentTiles showMore), when given */
  more?: { label: string; onShow: () => void } | undefined;
}

/**
 * The payment methods to choose from: one button each, as tiles (a grid, a row or a list, as the
 * theme's styles lay them out) or as an accordion whose open item shows its form. Native buttons: Tab
 * and Enter/Space work, and the state is said by aria-pressed or aria-expanded.
 */
export function MethodList({
  methods,
  selected,
  variant = 'tiles',
  label,
  disabled,
  onSelect,
  panel,
  more,
}: MethodListProps) {
  const accordion = variant === 'accordion';
  return (
    <ul class="ghc-methods" aria-label={label}>
      {methods.map((m) => {
        const on = selected === m.id;
        return (
          <li key={m.id}>
            <button
              type="button"
              class="ghc-method"
              data-method={m.id}
              {...(accordion ? { 'aria-expanded': on } : { 'aria-pressed': on })}
              disabled={disabled}
              onClick={() => onSelect(m.id)}
            >
              {m.logoURL ? <img src={m.logoURL} alt="" /> : null}
              <span>{m.label}</span>
            </button>
            {accordion && on && panel ? <div class="ghc-panel">{panel(m)}</div> : null}
          </li>
        );
      })}
      {more ? (
        <li>
          <button type="button" class="ghc-link" onClick={more.onShow}>
            {more.label}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
