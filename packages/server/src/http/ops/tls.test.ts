import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect as h2connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { reloadTls } from './tls.js';

const run = promisify(execFile);

/** A self-signed certificate for 127.0.0.1, made by the test with openssl. */
async function makeCertificate(dir: string, name: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, `${name}.cert.pem`);
  const key = join(dir, `${name}.key.pem`);
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
    `/CN=${name}`,
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  return { cert, key };
}

function handshake(port: number, options: { minVersion: 'TLSv1' | 'TLSv1.2'; maxVersion: 'TLSv1.1' | 'TLSv1.2' }) {
  return new Promise<{ ok: boolean; protocol?: string | null; fingerprint?: string; error?: string }>((resolve) => {
    const socket = tlsConnect(
      { host: '127.0.0.1', port, rejectUnauthorized: false, ciphers: 'DEFAULT@SECLEVEL=0', ...options },
      () => {
        const peer = socket.getPeerCertificate();
        resolve({ ok: true, protocol: socket.getProtocol(), fingerprint: peer.fingerprint256 });
        socket.end();
      },
    );
    socket.on('error', (err) => resolve({ ok: false, error: err.message }));
  });
}

describe('TLS termination', () => {
  let dir: string;
  let gw: Gateway;
  let port: number;
  let ca: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gatehouse-tls-'));
    const files = await makeCertificate(dir, 'first');
    ca = await readFile(files.cert);
    gw = await startGateway({ env: { GATEHOUSE_TLS_CERT: files.cert, GATEHOUSE_TLS_KEY: files.key } });
    port = Number(new URL(gw.url).port);
  }, 60_000);
  afterAll(async () => {
    await gw.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on https', () => {
    expect(gw.url.startsWith('https://')).toBe(true);
  });

  it('refuses TLS 1.1', async () => {
    const r = await handshake(port, { minVersion: 'TLSv1', maxVersion: 'TLSv1.1' });
    expect(r.ok).toBe(false);
  });

  it('offers TLS 1.2 only with ECDHE and AEAD ciphers: AES128-SHA and other CBC or static-RSA suites are refused', async () => {
    const suite = (ciphers: string) =>
      new Promise<{ ok: boolean; cipher?: string }>((resolve) => {
        const socket = tlsConnect(
          { host: '127.0.0.1', port, rejectUnauthorized: false, minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2', ciphers },
          () => {
            resolve({ ok: true, cipher: socket.getCipher().name });
            socket.end();
          },
        );
        socket.on('error', () => resolve({ ok: false }));
      });
    for (const weak of [
      'AES128-SHA',
      'AES256-SHA',
      'AES128-GCM-SHA256',
      'ECDHE-RSA-AES128-SHA',
      'ECDHE-RSA-AES128-SHA256',
    ]) {
      expect({ weak, ...(await suite(`${weak}@SECLEVEL=0`)) }).toEqual({ weak, ok: false });
    }
    expect(await suite('ECDHE-RSA-AES128-GCM-SHA256')).toEqual({ ok: true, cipher: 'ECDHE-RSA-AES128-GCM-SHA256' });
    expect(await suite('ECDHE-RSA-CHACHA20-POLY1305')).toEqual({ ok: true, cipher: 'ECDHE-RSA-CHACHA20-POLY1305' });
    // whatever a default client asks for, the suite chosen is an AEAD one
    expect((await suite('DEFAULT@SECLEVEL=0')).cipher).toMatch(/^ECDHE-RSA-(AES\d+-GCM-SHA\d+|CHACHA20-POLY1305)$/);
  });

  it('sends Strict-Transport-Security on every answer, errors included', async () => {
    const get = (path: string) =>
      new Promise<{ status?: number; hsts: unknown }>((resolve, reject) => {
        const req = httpsRequest({ host: '127.0.0.1', port, path, ca }, (r) => {
          r.resume();
          r.on('end', () => resolve({ status: r.statusCode, hsts: r.headers['strict-transport-security'] }));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await get('/health')).toEqual({ status: 200, hsts: 'max-age=31536000' });
    expect(await get('/no/such/page')).toEqual({ status: 404, hsts: 'max-age=31536000' });
  });

  it('accepts TLS 1.2 and serves HTTP/1.1 over it', async () => {
    expect((await handshake(port, { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' })).protocol).toBe('TLSv1.2');
    const res = await new Promise<{ status?: number; body: string; version: string }>((resolve, reject) => {
      const req = httpsRequest({ host: '127.0.0.1', port, path: '/health', ca, maxVersion: 'TLSv1.2' }, (r) => {
        let body = '';
        r.on('data', (d) => (body += String(d)));
        r.on('end', () => resolve({ status: r.statusCode, body, version: r.httpVersion }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(res.status).toBe(200);
    expect(res.version).toBe('1.1');
    expect(JSON.parse(res.body).status).toBe('ok');
  });

  it('negotiates HTTP/2 through ALPN', async () => {
    const session = h2connect(`https://127.0.0.1:${port}`, { ca });
    try {
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/health' });
        let status = 0;
        let body = '';
        stream.on('response', (h) => (status = Number(h[':status'])));
        stream.on('data', (d) => (body += String(d)));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
        stream.end();
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).status).toBe('ok');
    } finally {
      session.close();
    }
  });

  it('serves a renewed certificate to new connections after a reload (SIGHUP)', async () => {
    const before = await handshake(port, { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' });
    const renewed = await makeCertificate(dir, 'second');
    // the configured paths now hold the renewed files, as after a certificate renewal
    await run('cp', [renewed.cert, join(dir, 'first.cert.pem')]);
    await run('cp', [renewed.key, join(dir, 'first.key.pem')]);
    expect(await reloadTls(gw.app, gw.rt.config)).toBe(true);
    const after = await handshake(port, { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' });
    const expected = createHash('sha256')
      .update(Buffer.from((await readFile(renewed.cert, 'utf8')).replace(/-----[^-]+-----|\s/g, ''), 'base64'))
      .digest('hex');
    expect(after.fingerprint).not.toBe(before.fingerprint);
    expect(after.fingerprint!.replace(/:/g, '').toLowerCase()).toBe(expected);
  });
});
