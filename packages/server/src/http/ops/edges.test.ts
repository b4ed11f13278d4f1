import { connect } from 'node:net';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openRuntime } from '../../runtime.js';
import { dialects, freshPgSchema } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from '../../../test/harness.js';

/** Sends raw bytes, then `more` after the first bytes if given; resolves with everything the server wrote until it closed. */
function rawExchange(
  url: string,
  first: string,
  opts: { keepOpenMs?: number } = {},
): Promise<{ text: string; closed: boolean }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => socket.write(first));
    let text = '';
    const guard = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, opts.keepOpenMs ?? 20_000);
    socket.on('data', (d) => (text += String(d)));
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ text, closed: true });
    });
    socket.on('error', reject);
  });
}

const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as any;

describe('framework errors answer our error shape', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_BODY_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('answers a path parameter over the length limit 414 5000.1014, not FST_ERR_MAX_PARAM_LENGTH', async () => {
    const r = await gw.request('POST', `/admin/v1/deliveries/${'d'.repeat(200)}/resend`);
    expect(r.status).toBe(414);
    expect(r.json).toEqual({
      result: { status: 'error', errors: { code: '5000.1014', reason: 'Request URI too long' } },
    });
    expect(r.text).not.toContain('FST_');
  });

  it('answers headers over the size limit 431 5000.1031 and closes', async () => {
    const { text, closed } = await rawExchange(
      gw.url,
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(text.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(bodyOf(text)).toEqual({
      result: { status: 'error', errors: { code: '5000.1031', reason: 'Request header fields too large' } },
    });
    expect(closed).toBe(true);
  });

  it('answers bytes that are not HTTP 400 5000.1002', async () => {
    const { text } = await rawExchange(gw.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(text.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(bodyOf(text).result.errors.code).toBe('5000.1002');
  });

  it('answers a REST body that does not arrive in time 408 5000.1008 and closes the connection', async () => {
    const head = `POST /orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Api-Key: ${gw.demo.apiKey}\r\nContent-Length: 200\r\n\r\n{"processingEntityId":`;
    const { text, closed } = await rawExchange(gw.url, head);
    expect(text.startsWith('HTTP/1.1 408 ')).toBe(true);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(bodyOf(text)).toEqual({
      result: { status: 'error', errors: { code: '5000.1008', reason: 'Request not received in time' } },
    });
    expect(closed).toBe(true);
  });

  it('answers a session body that does not arrive in time 408 with the session envelope', async () => {
    const head = `POST /ppp/api/v1/openOrder.do HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"merchantId":`;
    const { text, closed } = await rawExchange(gw.url, head);
    expect(text.startsWith('HTTP/1.1 408 ')).toBe(true);
    expect(bodyOf(text)).toMatchObject({ status: 'ERROR', errCode: 1066, reason: 'Request not received in time' });
    expect(closed).toBe(true);
  });

  it('still serves a body that arrives whole', async () => {
    const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw) });
    expect(r.status).toBe(201);
  });
});

describe.each(dialects())('start-up checks on %s', (dialect) => {
  let pg: Awaited<ReturnType<typeof freshPgSchema>> | undefined;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'gatehouse-edges-'));
    pg = dialect === 'postgres' ? await freshPgSchema() : undefined;
  });
  afterAll(async () => {
    await pg?.drop();
    await rm(root, { recursive: true, force: true });
  });
  const env = (dataDir: string, key?: string) =>
    loadConfig(
      {
        GATEHOUSE_DATA_DIR: dataDir,
        ...(pg ? { DATABASE_URL: pg.url } : {}),
        ...(key ? { GATEHOUSE_MASTER_KEY: key } : pg ? { GATEHOUSE_MASTER_KEY: '22'.repeat(32) } : {}),
      },
      process.cwd(),
    );

  it('creates a missing data folder, then refuses a wrong master key with a clear message', async () => {
    const dataDir = join(root, 'not', 'yet', 'data');
    const first = await openRuntime(env(dataDir));
    await first.store.close();
    // the folder exists now (with SQLite it holds the store and the generated master.key)
    expect((await stat(dataDir)).isDirectory()).toBe(true);
    // the same key starts again
    const again = await openRuntime(env(dataDir));
    await again.store.close();
    // another key is refused before anything is served
    await expect(openRuntime(env(dataDir, '33'.repeat(32)))).rejects.toThrow(
      /master key \(GATEHOUSE_MASTER_KEY\) is not the key this store was created with/,
    );
  });
});
