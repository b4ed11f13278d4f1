import { describe, expect, it } from 'vitest';
import { replayRetentionMs, timeStampInWindow } from './timestamp-window.js';

/** The timeStamp window (docs/decisions/0822) as a pure function of the stamp, the clock and the tolerance. */

const H = 3_600_000;
const NOW = Date.UTC(2026, 2, 10, 9, 30, 15);
const TOL = H;
/** `YYYYMMDDHHmmss` of a UTC instant: the merchant's local time when it sits at UTC+`offsetH` */
const stamp = (utcMs: number, offsetH = 0) =>
  new Date(utcMs + offsetH * H).toISOString().replace(/\D/g, '').slice(0, 14);
/** PHP's `YmdHms`: the month where the minutes belong */
const phpStamp = (utcMs: number) => {
  const d = new Date(utcMs);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMonth() + 1)}${p(d.getUTCSeconds())}`;
};

describe('timeStamp window', () => {
  it.each([-12, -9.5, -5, 0, 1, 5.75, 9, 12, 13, 14])(
    'accepts the current local time of a merchant at UTC%s',
    (offset) => {
      expect(timeStampInWindow(stamp(NOW, offset), NOW, TOL)).toBe(true);
      // sent a minute ago, and received with a clock running 50 minutes fast or slow
      expect(timeStampInWindow(stamp(NOW - 60_000 + 50 * 60_000, offset), NOW, TOL)).toBe(true);
      expect(timeStampInWindow(stamp(NOW - 60_000 - 50 * 60_000, offset), NOW, TOL)).toBe(true);
    },
  );

  it('accepts a JSON number, the month in the minutes, and minutes or hours out of range', () => {
    expect(timeStampInWindow(Number(stamp(NOW)), NOW, TOL)).toBe(true);
    expect(timeStampInWindow(phpStamp(NOW), NOW, TOL)).toBe(true);
    expect(timeStampInWindow(`${stamp(NOW).slice(0, 10)}9999`, NOW, TOL)).toBe(true);
    // 23:xx at UTC−12 the evening before is hour 24 of that day on a careless clock
    const evening = stamp(NOW - 12 * H).slice(0, 8);
    expect(timeStampInWindow(`${evening}240000`, NOW, TOL)).toBe(true);
  });

  it('refuses a timeStamp two days old, a day ahead, and anything beyond the zones and the tolerance', () => {
    expect(timeStampInWindow(stamp(NOW - 48 * H), NOW, TOL)).toBe(false);
    expect(timeStampInWindow(stamp(NOW + 24 * H), NOW, TOL)).toBe(false);
    expect(timeStampInWindow(stamp(NOW - 12 * H - 2 * TOL - H), NOW, TOL)).toBe(false);
    expect(timeStampInWindow(stamp(NOW + 14 * H + TOL + H), NOW, TOL)).toBe(false);
    expect(timeStampInWindow('99999999999999', NOW, TOL)).toBe(false);
    expect(timeStampInWindow('00000000000000', NOW, TOL)).toBe(false);
  });

  it('is as wide as the tolerance says, and the replay record outlives it', () => {
    const late = stamp(NOW - 12 * H - 3 * H);
    expect(timeStampInWindow(late, NOW, TOL)).toBe(false);
    expect(timeStampInWindow(late, NOW, 3 * H)).toBe(true);
    // the whole span in which one stamp is accepted is shorter than its record's life
    for (const tol of [0, H, 6 * H]) {
      const s = stamp(NOW);
      let first: number | undefined;
      let last: number | undefined;
      for (let t = NOW - 40 * H; t <= NOW + 40 * H; t += 60_000) {
        if (timeStampInWindow(s, t, tol)) {
          first ??= t;
          last = t;
        }
      }
      expect(last! - first!).toBeLessThan(replayRetentionMs(tol));
    }
  });
});
