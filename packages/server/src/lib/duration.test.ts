import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';

describe('durations', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
    ['1w', 604_800_000],
    ['500ms', 500],
    ['1d12h', 129_600_000],
    ['1h 30m', 5_400_000],
  ])('reads %s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '1', 'd', '-1d', '1y', '1.5h', '1d x', 'P1D'])('refuses %j', (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  );

  it('prints a duration by its units', () => {
    expect(formatDuration(93_784_000)).toBe('1d 2h 3m 4s');
    expect(formatDuration(0)).toBe('0s');
  });
});
