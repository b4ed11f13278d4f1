import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
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

  it('is a small ES2019 script defining ServiceSdk, websdk, checkout and withdrawal', () => {
    expect(bundle.length).toBeLessThan(60_000);
    const text = bundle.toString('utf8');
    expect(text).toContain('ServiceSdk');
    expect(text).toContain('websdk');
    expect(text).toContain('checkout');
    expect(text).toContain('withdrawal');
    expect(text).not.toMatch(/\?\?=|\|\|=|&&=/); // no ES2021 logical assignment
  });

  // The size budget of docs/decisions/0410 and 0432 (raised by 0521: websdk.js also holds withdrawal()'s
  // rules, the checkout the foundation parts it shares; by 0453: the frames created at mount; for the Modal shutting out what is behind it; by 0454: websdk.js creates the card frames at the call): the checkout form is its own bundle, so a page
  // with hosted fields only never downloads it; websdk.js names it by hash, with its SRI hash. English is
  // in the bundle; each other locale's texts are a script of their own, loaded only for that locale.
  it('the checkout form is a separate bundle within its budget (78 KB, 26.8 KB gzipped), named by hash in websdk.js', () => {
    const checkout = readFileSync(join(out, 'checkout.js'));
    expect(checkout.length).toBeLessThan(78_000);
    expect(gzipSync(checkout).length).toBeLessThan(26_800);
    // the first load of a checkout: websdk.js and the checkout bundle (decoded), within 128.5 KB
    expect(bundle.length + checkout.length).toBeLessThan(128_500);
    const sha = createHash('sha384').update(checkout).digest();
    const text = bundle.toString('utf8');
    expect(text).toContain(`checkout.${sha.toString('hex').slice(0, 16)}.js`);
    expect(text).toContain(`sha384-${sha.toString('base64')}`);
    // Preact and the form's texts are not in websdk.js; German is not in the checkout bundle either
    expect(text).not.toContain('__gatehouseCheckout=');
    expect(text).not.toContain('Kredit- oder Debitkarte');
    expect(checkout.toString('utf8')).not.toContain('Kredit- oder Debitkarte');
    expect(checkout.toString('utf8')).toContain('Credit or debit card');
  });

  it.each(['de', 'es', 'fr', 'it', 'pl', 'pt', 'ru'])(
    'the %s texts are a script of their own, named by hash with its SRI hash in websdk.js',
    (locale) => {
      const body = readFileSync(join(out, `checkout-${locale}.js`));
      expect(body.length).toBeLessThan(6_500);
      const sha = createHash('sha384').update(body).digest();
      const text = bundle.toString('utf8');
      expect(text).toContain(`checkout-${locale}.${sha.toString('hex').slice(0, 16)}.js`);
      expect(text).toContain(`sha384-${sha.toString('base64')}`);
      if (locale === 'de') expect(body.toString('utf8')).toContain('Kredit- oder Debitkarte');
    },
  );

  // The withdrawal component's budget (docs/decisions/0520): its own bundle, named by hash with its SRI
  // hash in websdk.js, downloaded only by a page that calls withdrawal().
  it('the withdrawal component is a separate bundle within its budget (60 KB, 21 KB gzipped), named by hash in websdk.js', () => {
    const wd = readFileSync(join(out, 'withdrawal.js'));
    expect(wd.length).toBeLessThan(60_000);
    expect(gzipSync(wd).length).toBeLessThan(21_000);
    // the first load of a withdrawal: websdk.js and the withdrawal bundle (decoded), within 110 KB
    expect(bundle.length + wd.length).toBeLessThan(110_000);
    const sha = createHash('sha384').update(wd).digest();
    const text = bundle.toString('utf8');
    expect(text).toContain(`withdrawal.${sha.toString('hex').slice(0, 16)}.js`);
    expect(text).toContain(`sha384-${sha.toString('base64')}`);
    expect(text).not.toContain('__gatehouseWithdrawal=');
    expect(wd.toString('utf8')).toContain('Withdraw funds');
    expect(wd.toString('utf8')).not.toContain('משיכת כספים');
  });

  it.each(['de', 'es', 'fr', 'he', 'it', 'pl', 'pt', 'ru'])(
    'the withdrawal texts in %s are a script of their own, named by hash with its SRI hash in websdk.js',
    (locale) => {
      const body = readFileSync(join(out, `withdrawal-${locale}.js`));
      expect(body.length).toBeLessThan(4_000);
      const sha = createHash('sha384').update(body).digest();
      const text = bundle.toString('utf8');
      expect(text).toContain(`withdrawal-${locale}.${sha.toString('hex').slice(0, 16)}.js`);
      expect(text).toContain(`sha384-${sha.toString('base64')}`);
      if (locale === 'he') expect(body.toString('utf8')).toContain('משיכת כספים');
    },
  );

  it('its sha384 is the Subresource Integrity hash published in docs/web-sdk.md (npm run build writes it)', () => {
    const integrity = `sha384-${createHash('sha384').update(bundle).digest('base64')}`;
    expect(JSON.parse(readFileSync(join(out, 'websdk.integrity.json'), 'utf8'))).toMatchObject({ integrity });
    const published = /<!-- sri:start -->`([^`]+)`<!-- sri:end -->/.exec(readFileSync(DOC, 'utf8'))?.[1];
    expect(published).toBe(integrity);
  });
});
