import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';

/** The hosted pages answer malformed requests in the gateway's error shape, never Fastify's own. */
describe('hosted pages refuse malformed requests in the error shape', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw?.close();
  });

  const paths = ['/apm/redirect/1-abc', '/acs/challenge/1-abc'];
  const bodies: Array<[string, string, string]> = [
    ['malformed JSON', 'application/json', '{'],
    ['an empty JSON body', 'application/json', ''],
    ['a JSON array', 'application/json', '[1]'],
    ['an unknown content type', 'application/x-gatehouse', 'x'],
  ];

  for (const path of paths) {
    it.each(bodies)(`POST ${path} with %s is a 4xx in the error shape`, async (_label, type, raw) => {
      const r = await gw.request('POST', path, { headers: { 'content-type': type }, raw });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.json).toMatchObject({
        result: { status: 'error', errors: { code: expect.any(String), reason: expect.any(String) } },
      });
      expect(r.text).not.toMatch(/FST_|statusCode|at .*\.js/);
    });
  }
});
