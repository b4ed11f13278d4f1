import { resolve } from 'node:path';

/**
 * The compiled CLI, as `npm start` and the `gatehouse` command run it, built from the current sources
 * by the suites' global setup (test/global-build.ts). Through tsx each start cost about three times as
 * long, and the CLI and crash suites start it a hundred times.
 */
export const GATEHOUSE_MAIN = resolve(import.meta.dirname, '..', 'dist', 'main.js');

/** The arguments of `node` that run `gatehouse <args>`. */
export function gatehouseArgs(args: readonly string[]): string[] {
  return [GATEHOUSE_MAIN, ...args];
}
