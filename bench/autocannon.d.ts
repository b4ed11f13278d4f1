/** autocannon ships no types; orders.bench.ts declares the part it uses. */
declare module 'autocannon' {
  const autocannon: unknown;
  export default autocannon;
}
