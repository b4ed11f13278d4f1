import { resolve } from 'node:path';

/** packages/server */
export const SERVER_DIR = resolve(import.meta.dirname, '..');

/**
 * The arguments of `node` that run `gatehouse <args>`: the compiled CLI, as `npm start` and the
 * `gatehouse` command run it, built from the current sources by the suites' global setup
 * (test/global-build.ts). Through tsx each start cost about three times as long, and the CLI and crash
 * suites start it a hundred times.
 */
export function gatehouseArgs(args: readonly string[]): string[] {
  return [resolve(SERVER_DIR, 'dist', 'main.js'), ...args];
}
