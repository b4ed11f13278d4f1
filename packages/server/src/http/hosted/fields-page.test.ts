import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Bundle } from '../shared/bundles.js';
import { fieldsPage } from './fields-page.js';

/** The card field page's document (docs/decisions/0455): built once per script, inline where it can be. */

const bundleOf = (text: string): Bundle => {
  const body = Buffer.from(text);
  const hex = createHash('sha384').update(body).digest('hex');
  return { body, etag: `"${hex.slice(0, 32)}"`, integrity: 'sha384-x', hash: hex.slice(0, 16) };
};
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('fieldsPage', () => {
  it('puts the script and the style sheet inline and allows exactly them', () => {
    const b = bundleOf('document.body.dataset.ok="1";');
    const page = fieldsPage(b, '#row{display:flex}');
    const html = page.body.toString();
    expect(html).toContain('<script>document.body.dataset.ok="1";</script>');
    expect(html).toContain('<style>#row{display:flex}</style>');
    expect(page.scriptSrc).toBe(sha('document.body.dataset.ok="1";'));
    expect(page.styleSrc).toBe(sha('#row{display:flex}'));
  });

  it('is built once per script: the same Buffer (the compression cache is keyed by it)', () => {
    const b = bundleOf('var a=1;');
    expect(fieldsPage(b, 'p{}').body).toBe(fieldsPage(b, 'p{}').body);
  });

  it.each(['var s="</script>";', 'var s="<!--";', 'var s="</SCRIPT ";'])(
    'loads a script that cannot sit inline (%s) by its versioned src, allowed as self',
    (text) => {
      const b = bundleOf(text);
      const page = fieldsPage(b, 'p{}');
      expect(page.body.toString()).toContain(`<script src="/hosted/v1/fields.js?v=${b.hash}"></script>`);
      expect(page.scriptSrc).toBe("'self'");
    },
  );

  it('without a built script the page still parses, and its script is asked for by src', () => {
    const page = fieldsPage(undefined, 'p{}');
    expect(page.body.toString()).toContain('<script src="/hosted/v1/fields.js"></script>');
  });
});
