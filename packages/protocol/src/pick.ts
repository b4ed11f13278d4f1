/** The members `keys` of `p` that are defined, in the order of `keys`: what a call passes on of its params. */
export function pick(p: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (p[k] !== undefined) out[k] = p[k];
  return out;
}
