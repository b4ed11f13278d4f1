import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests (real headless Chromium): `npm run test:e2e`. Kept out of `npm test`. Two files at once
 * on a two-core machine (vitest's default would be one): each waits on its browser and its gateway
 * more than it computes. `VITEST_MAX_WORKERS` overrides it.
 */
const workers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['packages/server/test/build-bundles.ts'],
    pool: 'forks',
    // one process per worker runs file after file: the server's modules are imported, and its route
    // schemas compiled (docs/decisions/0666), once per worker instead of once per file. Every file
    // launches its own browser and gateway.
    isolate: false,
    maxWorkers: workers,
    minWorkers: 1,
    testTimeout: 60_000,
    // expect.poll waits up to 15 s (vitest's default is 1 s): a loaded machine answers slower, a wrong
    // answer still fails
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
