/**
 * The one set of helpers that read members of a request value the schema leaves open (an opaque
 * object, a member of either type): a string, or an object. Bodies the schema types are read through
 * their `Static<>` type instead.
 */

/** `v` when it is a string. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** `v` when it is a plain JSON object (not null, not an array). */
export const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
