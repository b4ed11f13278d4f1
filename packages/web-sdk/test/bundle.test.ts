import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The bundle the build makes: small, the two globals, and the SRI hash published in docs/web-sdk.md. */

const PKG = new URL('..', import.meta.url).pathname;
const DOC = join(PKG, '..', '..', 'docs', 'web-sdk.md');

describe('websdk.js bundle', () => {
  let out: string;
  let bundle: Buffer;

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'websdk-build-'));
    execFileSync(process.execPath, [join(PKG, 'build.mjs'), '--outdir', out, '--no-docs', '--quiet'], {
      stdio: 'inherit',
    });
    bundle = readFileSync(join(out, 'websdk.js'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('is a small ES2019 script defining ServiceSdk and websdk', () => {
    expect(bundle.length).toBeLessThan(60_000);
    const text = bundle.toString('utf8');
    expect(text).toContain('ServiceSdk');
    expect(text).toContain('websdk');
    expect(text).not.toMatch(/\?\?=|\|\|=|&&=/); // no ES2021 logical assignment
  });

  it('its sha384 is the Subresource Integrity hash published in docs/web-sdk.md (npm run build writes it)', () => {
    const integrity = `sha384-${createHash('sha384').update(bundle).digest('base64')}`;
    expect(JSON.parse(readFileSync(join(out, 'websdk.integrity.json'), 'utf8'))).toMatchObject({ integrity });
    const published = /<!-- sri:start -->`([^`]+)`<!-- sri:end -->/.exec(readFileSync(DOC, 'utf8'))?.[1];
    expect(published).toBe(integrity);
  });
});
