#!/usr/bin/env node
// The `gatehouse` command: runs the compiled CLI (`npm run build`, or `npm start`, builds it). Before a
// build, in a clone with its dev dependencies, it runs the TypeScript sources through tsx instead;
// otherwise it says in one line what to do.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/main.js', import.meta.url);
const src = new URL('../src/main.ts', import.meta.url);

if (existsSync(fileURLToPath(dist))) {
  await import(dist.href);
} else {
  let tsx;
  try {
    tsx = existsSync(fileURLToPath(src)) ? await import('tsx/esm/api') : undefined;
  } catch {
    // expected: tsx not installed (a production install): the message below says to build
    tsx = undefined;
  }
  if (!tsx) {
    process.stderr.write(
      `gatehouse: not built yet: run \`npm run build\` (or \`npm start\`) in ${fileURLToPath(new URL('../../..', import.meta.url))} first\n`,
    );
    process.exit(1);
  }
  tsx.register();
  await import(src.href);
}
