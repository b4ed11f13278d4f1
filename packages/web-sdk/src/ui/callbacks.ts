/**
 * Calling a merchant's callback from a hosted screen: its exceptions stay out of the screen (logged
 * when the merchant asked for logs, `logLevel` above 0).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn = (...args: any[]) => any;

export function callMerchant(
  screen: string,
  name: string,
  f: Fn | undefined,
  logLevel: number,
  args: unknown[],
): unknown {
  if (!f) return undefined;
  try {
    return f(...args);
  } catch (err) {
    if (logLevel > 0) console.error(`gatehouse ${screen}: ${name} failed`, err);
    return undefined;
  }
}
