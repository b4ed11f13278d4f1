import { readFile } from 'node:fs/promises';
import type { SecureContextOptions } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';

/**
 * TLS termination (docs/ops/deploy.md, docs/decisions/0803): PEM files from `GATEHOUSE_TLS_CERT` and
 * `GATEHOUSE_TLS_KEY`, TLS 1.2 at least, HTTP/2 and HTTP/1.1 offered through ALPN (one secure HTTP/2
 * server that also speaks HTTP/1.1), and the files read again on SIGHUP for renewed certificates.
 */
export const TLS_MIN_VERSION = 'TLSv1.2' as const;

export interface TlsFiles {
  cert: string;
  key: string;
}

export function tlsFiles(config: Config): TlsFiles | undefined {
  const cert = config.GATEHOUSE_TLS_CERT;
  const key = config.GATEHOUSE_TLS_KEY;
  if (!cert && !key) return undefined;
  if (!cert || !key)
    throw new Error('GATEHOUSE_TLS_CERT and GATEHOUSE_TLS_KEY go together: give both PEM files, or neither');
  return { cert, key };
}

/**
 * The cipher suites offered (docs/decisions/0823): TLS 1.3's (all AEAD) and, for TLS 1.2, only ECDHE
 * key exchange with AEAD ciphers (AES-GCM, ChaCha20-Poly1305): no CBC suites such as `AES128-SHA`, no
 * static RSA key exchange.
 */
export const TLS_CIPHERS = [
  'TLS_AES_128_GCM_SHA256',
  'TLS_AES_256_GCM_SHA384',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/** `Strict-Transport-Security` of every answer when Gatehouse terminates TLS: one year, subdomains not named. */
export const HSTS = 'max-age=31536000';

/** Reads the PEM files (at start and on SIGHUP; never on a request). */
export async function secureContextOptions(files: TlsFiles): Promise<SecureContextOptions> {
  const [cert, key] = await Promise.all([readFile(files.cert), readFile(files.key)]);
  return { cert, key, minVersion: TLS_MIN_VERSION, ciphers: TLS_CIPHERS, honorCipherOrder: true };
}

/** Under TLS, every answer tells browsers to come back over HTTPS only (HSTS). */
export function registerHsts(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('strict-transport-security', HSTS);
    done();
  });
}

/** Fastify's server options for TLS, or none. */
export async function tlsServerOptions(
  config: Config,
): Promise<{ http2: true; https: SecureContextOptions & { allowHTTP1: true } } | undefined> {
  const files = tlsFiles(config);
  if (!files) return undefined;
  return { http2: true, https: { ...(await secureContextOptions(files)), allowHTTP1: true } };
}

/**
 * Reads the certificate and key again and uses them for new connections; connections already open
 * keep theirs. A file that does not parse leaves the previous certificate in place (the error is thrown
 * to the caller, which logs it).
 */
export async function reloadTls(app: FastifyInstance, config: Config): Promise<boolean> {
  const files = tlsFiles(config);
  if (!files) return false;
  const server = app.server as unknown as { setSecureContext?(options: SecureContextOptions): void };
  if (typeof server.setSecureContext !== 'function') return false;
  server.setSecureContext(await secureContextOptions(files));
  return true;
}
