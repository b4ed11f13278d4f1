/**
 * Loading states: `Spinner` (a running action, with a label screen readers hear) and `Skeleton` (the
 * space a field or a list takes while it loads, so nothing jumps when it arrives). Both honour
 * `prefers-reduced-motion` (the animation stops; the shape stays).
 */
export function Spinner({ label }: { label: string }) {
  return (
    <span class="gh-spinner" role="status">
      <span class="gh-spinner-ring" aria-hidden="true" />
      <span class="gh-sr">{label}</span>
    </span>
  );
}

export function Skeleton({ height = 44, label }: { height?: number; label?: string }) {
  return (
    <div class="gh-skeleton" style={{ height: `${height}px` }} aria-hidden={label ? undefined : 'true'}>
      {label ? <span class="gh-sr">{label}</span> : null}
    </div>
  );
}
