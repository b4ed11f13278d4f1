const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A DMN's `responseTimeStamp`: `YYYY-MM-DD.HH:MM:SS` in UTC (docs/notifications.md). */
export function dmnTimeStamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}.${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
