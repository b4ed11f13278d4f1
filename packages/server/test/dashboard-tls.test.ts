import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './harness.js';

const run = promisify(execFile);

function post(
  url: string,
  ca: Buffer,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; setCookie: string[]; json: any }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = httpsRequest(
      url,
      { method: 'POST', ca, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += String(c)));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [], json: JSON.parse(data) }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Under TLS (GATEHOUSE_TLS_CERT) the control panel's cookie is Secure, and the server's origin is https. */
describe('dashboard sign-in over TLS', () => {
  let dir: string;
  let gw: Gateway;
  let ca: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-dash-tls-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=dash',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    ca = await readFile(cert);
    gw = await startGateway({ env: { GATEHOUSE_TLS_CERT: cert, GATEHOUSE_TLS_KEY: key } });
  }, 60_000);
  afterAll(async () => {
    await gw.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sets the session cookie Secure, HttpOnly, SameSite=Strict, and takes its own https Origin', async () => {
    const r = await post(`${gw.url}/dashboard/api/v1/session`, ca, gw.demo.dashboard, { origin: gw.url });
    expect(r.status).toBe(200);
    expect(r.setCookie).toHaveLength(1);
    expect(r.setCookie[0]).toMatch(/^gh_dash=\w+; Path=\/dashboard; HttpOnly; SameSite=Strict; Secure$/);
    const foreign = await post(`${gw.url}/dashboard/api/v1/session`, ca, gw.demo.dashboard, {
      origin: gw.url.replace('https:', 'http:'),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe('csrf');
  });
});
