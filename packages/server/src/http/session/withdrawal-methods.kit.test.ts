import { WITHDRAWAL_METHODS } from '@gatehouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wdCall } from '../../../test/withdrawals.js';

/**
 * @gatehouse/client's WITHDRAWAL_METHODS is the server's list: every name answers through the
 * real server (a signed call with no fields is refused for its own reasons, never `Unknown method`),
 * and every `/ppp/api/withdrawal/*.do` route the server documents is in the list.
 */
describe.each(dialects())('@gatehouse/client withdrawal methods on %s', (dialect: DialectName) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
  });
  afterAll(async () => {
    await gw.close();
  });

  it.each(WITHDRAWAL_METHODS)('%s answers (not Unknown method)', async (method) => {
    const r = await wdCall(gw, method, {});
    expect(r.status).toBe(200);
    expect(r.json, r.text).toMatchObject({ version: '1.0' });
    expect(['SUCCESS', 'ERROR']).toContain(r.json.status);
    expect(r.json.reason).not.toMatch(/Unknown method/);
    expect(r.json.errCode).not.toBe(1001);
  });

  it('lists every withdrawal method the server has', () => {
    const doc = gw.app.swagger() as { paths: Record<string, unknown> };
    const served = Object.keys(doc.paths)
      .filter((p) => p.startsWith('/ppp/api/withdrawal/') && p.endsWith('.do'))
      .map((p) => p.slice('/ppp/api/withdrawal/'.length, -'.do'.length))
      .sort();
    expect(served.length).toBeGreaterThan(0);
    expect([...WITHDRAWAL_METHODS].sort()).toEqual(served);
  });
});
