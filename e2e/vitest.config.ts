import { defineConfig } from 'vitest/config';

/** Browser tests (real headless Chromium): `npm run test:e2e`. Kept out of `npm test`. */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['packages/server/test/build-bundles.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
