import { InvalidTimestamp } from '../../domain/errors.js';

/**
 * The window of a signed session call's `timeStamp` (docs/decisions/0822): wide enough for a merchant in
 * any time zone, narrow enough that a signed body captured today cannot be sent again the day after
 * tomorrow; and how long a money-moving body's replay record outlives it (docs/decisions/0805).
 */

const HOUR_MS = 3_600_000;
/** The zone offsets in use, from UTC−12 to UTC+14: a merchant's local time is at most this far from UTC. */
const BEHIND_UTC_MS = 12 * HOUR_MS;
const AHEAD_OF_UTC_MS = 14 * HOUR_MS;

/**
 * The hour a `YYYYMMDDHHmmss` timeStamp names, read as if it were UTC. The minutes and seconds are not
 * read (one public SDK writes the month where the minutes belong, docs/decisions/0121), and no field's
 * range is checked: an hour 24 or a day 32 runs on into the next, as a calendar would.
 */
function stampHour(stamp: string | number): number {
  const t = String(stamp);
  return Date.UTC(Number(t.slice(0, 4)), Number(t.slice(4, 6)) - 1, Number(t.slice(6, 8)), Number(t.slice(8, 10)));
}

/**
 * The timeStamp window (docs/decisions/0822). A timeStamp is the merchant's local time in a zone the
 * server does not know, so a signed body is accepted from 14 hours before its stamped hour (a merchant
 * at UTC+14) until 13 hours after it (UTC−12, plus the hour of minutes not read), widened both ways by
 * `toleranceMs` for clock skew and transit (`GATEHOUSE_TIMESTAMP_TOLERANCE_MS`, default one hour).
 * Outside it: errCode 1021.
 */
export function timeStampInWindow(stamp: string | number, now: number, toleranceMs: number): boolean {
  const hour = stampHour(stamp);
  if (!Number.isFinite(hour)) return false;
  return hour >= now - BEHIND_UTC_MS - HOUR_MS - toleranceMs && hour <= now + AHEAD_OF_UTC_MS + toleranceMs;
}

/**
 * How long a signed body's replay record is kept: longer than its timeStamp window is open (27 hours
 * plus twice the tolerance), so a body is either answered from its record or refused as stale, never
 * run twice.
 */
export function replayRetentionMs(toleranceMs: number): number {
  return BEHIND_UTC_MS + HOUR_MS + AHEAD_OF_UTC_MS + 2 * toleranceMs + HOUR_MS;
}

/** Refuses (1021) a signed body whose timeStamp is outside the window at the clock's `now`. */
export function checkTimeStampWindow(
  services: { config: { GATEHOUSE_TIMESTAMP_TOLERANCE_MS: number }; deps: { clock: { now(): number } } },
  stamp: string | number,
): void {
  if (!timeStampInWindow(stamp, services.deps.clock.now(), services.config.GATEHOUSE_TIMESTAMP_TOLERANCE_MS)) {
    throw new InvalidTimestamp('Invalid timeStamp: outside the accepted window of the current time');
  }
}
