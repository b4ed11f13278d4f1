/**
 * Durations as people type them: `90s`, `15m`, `2h`, `1d`, `1w`, `500ms`, or several together
 * (`1d12h`, `1h 30m`). Used to advance test clocks (docs/decisions/0940).
 */

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** The pattern a duration matches (also the schema's). */
export const DURATION_PATTERN = '^\\s*(\\d{1,9}\\s*(ms|s|m|h|d|w)\\s*)+$';

/** Milliseconds of `text`, or undefined when it is not a duration. */
export function parseDuration(text: string): number | undefined {
  if (!new RegExp(DURATION_PATTERN).test(text)) return undefined;
  let ms = 0;
  for (const m of text.matchAll(/(\d+)\s*(ms|s|m|h|d|w)/g)) ms += Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** `93784000` → `1d 2h 3m 4s`; `0` → `0s`. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(ms));
  for (const [unit, size] of [
    ['d', UNIT_MS.d],
    ['h', UNIT_MS.h],
    ['m', UNIT_MS.m],
    ['s', UNIT_MS.s],
    ['ms', 1],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.length ? parts.join(' ') : '0s';
}
