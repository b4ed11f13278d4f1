import { createHash } from 'node:crypto';

/**
 * The session API checksum: lowercase hex SHA-256 of the field values concatenated in the method's
 * order, then the merchant secret key. Absent values (`undefined`, `null`) are skipped.
 */
export function checksum(fields: ReadonlyArray<string | number | undefined | null>, secret: string): string {
  const text =
    fields
      .filter((v) => v !== undefined && v !== null)
      .map(String)
      .join('') + secret;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `YYYYMMDDHHmmss` in the local time zone of the process, as the session API expects. */
export function timeStamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    String(date.getFullYear()).padStart(4, '0') +
    p(date.getMonth() + 1) +
    p(date.getDate()) +
    p(date.getHours()) +
    p(date.getMinutes()) +
    p(date.getSeconds())
  );
}
