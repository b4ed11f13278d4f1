import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHECKSUM_FIELDS as CF } from '../src/security/catalogue-checksum.js';
import { CHECKSUM_FIELDS as SF } from '../src/security/checksum.js';
import { WITHDRAWAL_REQ_CHECKSUM_FIELDS as REQ } from '../src/security/withdrawal-checksum.js';
import { type DialectName, dialects } from './dialects.js';
import { type Gateway, startGateway } from './harness.js';
import { type Fx, methodFixtures, pathOf, ROWS, signedBody } from './session-method-table.js';

/**
 * docs/session-methods.md (written by scripts/session-examples.ts) against the real server:
 * - every method the server registers under /ppp/api/ has its section, with its path, and no other;
 * - each section states the checksum order the server's tables hold (checksum.ts, catalogue-checksum.ts,
 *   withdrawal-checksum.ts), [BODY] for the withdrawal-style calls, "no checksum" for token calls;
 * - each example request, its `"<placeholder>"` values filled with fresh ones, signed anew, is
 *   accepted (SUCCESS), and the answer's own members are the ones the doc shows.
 */

const DOC = readFileSync(resolve(import.meta.dirname, '../../../docs/session-methods.md'), 'utf8');
const SIGNATURE = new Set(['merchantId', 'merchantSiteId', 'timeStamp', 'checksum']);
const ENVELOPE = new Set([
  'internalRequestId',
  'status',
  'errCode',
  'reason',
  'version',
  'merchantId',
  'merchantSiteId',
  'clientRequestId',
  'clientUniqueId',
  'userTokenId',
  'merchantDetails',
]);

/** The doc's sections by method (`### <method>` up to the next heading). */
function sections(doc: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of doc.split(/^### /m).slice(1)) {
    const name = part.slice(0, part.indexOf('\n')).trim();
    out.set(name, part.split(/^## /m)[0]!);
  }
  return out;
}
const SECTIONS = sections(DOC);

/** The section's ```json blocks: the request, then the answer's own members (when it has any). */
const jsonBlocks = (section: string): unknown[] =>
  [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));

/** `doc` with each `"<name>"` value replaced by the value at the same place in `fresh`. */
function fill(doc: unknown, fresh: unknown, at = ''): unknown {
  if (typeof doc === 'string' && /^<\w+>$/.test(doc)) {
    if (fresh === undefined) throw new Error(`${at}: no fresh value for ${doc}`);
    return fresh;
  }
  if (Array.isArray(doc)) return doc.map((v, i) => fill(v, (fresh as unknown[] | undefined)?.[i], `${at}[${i}]`));
  if (doc !== null && typeof doc === 'object')
    return Object.fromEntries(
      Object.entries(doc).map(([k, v]) => [
        k,
        fill(v, (fresh as Record<string, unknown> | undefined)?.[k], `${at}.${k}`),
      ]),
    );
  return doc;
}

describe.each(dialects())('docs/session-methods.md on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let fx: Fx;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
    fx = methodFixtures(gw, {
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      merchantSecretKey: gw.demo.merchantSecretKey,
    });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('has a section, with its path, for every method the server registers (and only those)', () => {
    const served = Object.keys((gw.app.swagger() as { paths: Record<string, unknown> }).paths).filter((p) =>
      p.startsWith('/ppp/api/'),
    );
    expect(served.length).toBeGreaterThan(0);
    const method = (p: string) => p.slice(p.lastIndexOf('/') + 1).replace(/\.do$/, '');
    expect(
      served.filter((p) => !SECTIONS.get(method(p))?.includes(`\`POST ${p}\``)),
      'registered, without a section naming its path',
    ).toEqual([]);
    expect(
      [...SECTIONS.keys()].filter((m) => !served.map(method).includes(m)),
      'a section of no registered method',
    ).toEqual([]);
  });

  it.each(ROWS.map((r) => [r.method, r] as const))('%s: the checksum the server computes', (_m, row) => {
    const line = SECTIONS.get(row.method)
      ?.split('\n')
      .find((l) => l.startsWith('- Checksum:'));
    expect(line, `${row.method}: no "- Checksum:" line`).toBeDefined();
    const m = row.method;
    const order: readonly string[] | undefined =
      (SF as Record<string, readonly string[]>)[m] ?? (CF as Record<string, readonly string[]>)[m] ?? REQ[m];
    if (order) expect(line).toContain(`\`${order.join(', ')}\``);
    if (row.signing === 'body') expect(line).toContain('[BODY]: merchantId, merchantSiteId, then every other member');
    else if (row.signing === 'none') expect(line).toMatch(order ? /checksum only when sent/ : /no checksum/);
    else expect(line).toContain('then the secret key');
  });

  it.each(ROWS.map((r) => [r.method, r] as const))(
    '%s: the example request is accepted, and answers the members shown',
    async (_m, row) => {
      // the fixtures first, always: their counter then matches the script's run (e.g. getPayoutStatus's clientRequestId)
      const fresh = await row.body(fx);
      const [request, answer] = jsonBlocks(SECTIONS.get(row.method) ?? '') as [
        Record<string, unknown>,
        Record<string, unknown> | undefined,
      ];
      expect(request, `${row.method}: no example request`).toBeDefined();
      const shown = Object.fromEntries(
        Object.entries(request).filter(([k]) => row.signing === 'none' || !SIGNATURE.has(k)),
      );
      expect(Object.keys(shown), 'the example has the members the method table sends').toEqual(Object.keys(fresh));
      const body = signedBody(gw, row.signing, fill(shown, fresh) as Record<string, unknown>, gw.demo);
      const res = await gw.request('POST', pathOf(row), { body });
      expect(res.json, res.text).toMatchObject({ status: 'SUCCESS', errCode: 0 });
      const own = Object.keys(res.json as object).filter((k) => !ENVELOPE.has(k));
      expect(own, 'the answer members besides the envelope').toEqual(Object.keys(answer ?? {}));
    },
  );
});
