import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-build.ts'],
    pool: 'forks',
    // One process per worker runs file after file, importing the server's modules once instead of once
    // per file (that import was a third of the suite's time). What a module keeps for the process
    // (the metrics registry, the relays' heartbeats) is shared by the files it runs; nothing else
    // is, since every test starts its own gateway on its own store.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
