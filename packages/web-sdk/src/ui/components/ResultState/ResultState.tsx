import type { ComponentChildren } from 'preact';

export type ResultTone = 'ok' | 'bad' | 'info';

export interface ResultStateProps {
  tone: ResultTone;
  /** what happened ("Payment approved") */
  message: string;
  /** what happens next (a pending bank transfer's instructions); optional */
  next?: string | undefined;
  /** marks a final result (approved, pending, refresh): `data-gh-result` carries it for tests and styles */
  final?: string | undefined;
  children?: ComponentChildren;
}

/**
 * The outcome of an attempt, in one place: a polite live region (announced once), focusable so that the
 * screen can move the focus to it after each attempt, with an icon for the tone (never colour alone).
 */
export function ResultState({ tone, message, next, final, children }: ResultStateProps) {
  return (
    <div
      class={`ghc-status gh-result gh-result-${tone}${tone === 'ok' ? ' ghc-ok' : tone === 'bad' ? ' ghc-bad' : ''}`}
      role="status"
      aria-live="polite"
      tabIndex={-1}
      {...(final ? { 'data-ghc-result': final } : {})}
    >
      {message ? <ToneIcon tone={tone} /> : null}
      {message}
      {next ? <span class="ghc-next">{next}</span> : null}
      {children}
    </div>
  );
}

function ToneIcon({ tone }: { tone: ResultTone }) {
  const path = tone === 'ok' ? 'M4 8.5l2.5 2.5L12 5.5' : tone === 'bad' ? 'M5 5l6 6M11 5l-6 6' : 'M8 4.5v4M8 11v.5';
  return (
    <svg class="gh-result-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7.25" fill="none" stroke="currentColor" stroke-width="1.5" />
      <path d={path} fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
    </svg>
  );
}
