import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../test/harness.js';

/**
 * The per-client connection bound and the idle timeout (docs/decisions/0823), through the real server:
 * one client holding many idle connections cannot make the server unreachable.
 */

interface Held {
  socket: Socket;
  closed: Promise<void>;
  isClosed(): boolean;
}

function hold(port: number): Promise<Held> {
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect({ host: '127.0.0.1', port });
    const done = new Promise<void>((r) => socket.once('close', () => ((closed = true), r())));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed: done, isClosed: () => closed }));
    socket.once('error', reject);
  });
}

/** One request on a fresh connection of its own: its status, or null when the connection was closed. */
function getOnce(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    socket.on('data', (d) => (text += String(d)));
    socket.on('error', () => {});
    socket.once('connect', () => socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    socket.once('close', () =>
      resolve(/^HTTP\/1\.1 (\d{3})/.exec(text) ? Number(/^HTTP\/1\.1 (\d{3})/.exec(text)![1]) : null),
    );
  });
}

describe('connections per client', () => {
  let gw: Gateway;
  let port: number;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_MAX_CONNECTIONS_PER_CLIENT: '5' } });
    port = Number(new URL(gw.url).port);
  });
  afterAll(async () => gw?.close());

  it('a client at its bound has its next connection closed; the ones it holds stay; one closed frees a place', async () => {
    expect(await getOnce(port)).toBe(200);
    const held = await Promise.all(Array.from({ length: 5 }, () => hold(port)));
    const over = await hold(port);
    await over.closed;
    expect(await getOnce(port)).toBe(null);
    // the server still serves what the held connections ask
    held[0]!.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await new Promise<string>((r) => held[0]!.socket.once('data', (d) => r(String(d))));
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(held.map((h) => h.isClosed())).toEqual([false, false, false, false, false]);
    held[1]!.socket.destroy();
    await held[1]!.closed;
    // the server sees the close a moment later: poll (bounded) until a connection gets through
    let status: number | null = null;
    for (let i = 0; i < 100 && status === null; i++) status = await getOnce(port);
    expect(status).toBe(200);
    for (const h of held) h.socket.destroy();
  });
});

describe('idle connections', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { GATEHOUSE_IDLE_TIMEOUT_MS: '200' } });
  });
  afterAll(async () => gw?.close());

  it('a connection that sends nothing, or nothing more after its answer, is closed by the server', async () => {
    const port = Number(new URL(gw.url).port);
    const silent = await hold(port);
    await silent.closed;
    expect(silent.isClosed()).toBe(true);
    const kept = await hold(port);
    kept.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => kept.socket.once('data', r));
    await kept.closed;
    expect(kept.isClosed()).toBe(true);
  });

  it('is off with 0, and configurable', async () => {
    const { loadConfig } = await import('../config.js');
    expect(loadConfig({}, '/tmp')).toMatchObject({
      GATEHOUSE_IDLE_TIMEOUT_MS: 72_000,
      GATEHOUSE_MAX_CONNECTIONS_PER_CLIENT: 256,
    });
    expect(
      loadConfig({ GATEHOUSE_IDLE_TIMEOUT_MS: '0', GATEHOUSE_MAX_CONNECTIONS_PER_CLIENT: '0' }, '/tmp'),
    ).toMatchObject({
      GATEHOUSE_IDLE_TIMEOUT_MS: 0,
      GATEHOUSE_MAX_CONNECTIONS_PER_CLIENT: 0,
    });
  });
});
