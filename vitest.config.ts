import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm test`: the server suites and the Web SDK's unit tests (browser tests: `npm run test:e2e`).
 * The suites wait a good deal (HTTP round trips, SQLite fsyncs, PostgreSQL, child servers killed and
 * restarted), so they run one worker per core instead of vitest's default of one fewer than the cores
 * (a single worker on a two-core CI machine). More than that starves the tests that spawn CLI processes
 * and kill servers: they then meet their timeouts. `VITEST_MAX_WORKERS` overrides it.
 */
const workers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    projects: ['packages/server', 'packages/web-sdk', 'packages/protocol', 'packages/dashboard'],
    maxWorkers: workers,
    minWorkers: 1,
    // Workers are reused from file to file (a project's own `isolate` decides whether its modules are
    // imported anew in each file; the server's are not, packages/server/vitest.config.ts). Without
    // this, the pool started a process per file whatever the projects said.
    poolOptions: { forks: { isolate: false } },
  },
});
