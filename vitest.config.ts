import { defineConfig } from 'vitest/config';

/** `npm test`: the server suites and the Web SDK's unit tests (browser tests: `npm run test:e2e`). */
export default defineConfig({
  test: {
    projects: ['packages/server', 'packages/web-sdk', 'packages/protocol'],
  },
});
