import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../domain/notifications/notification.types.js';
import { createSmtpSender } from './email-sender.js';

/**
 * The SMTP sender against real SMTP peers that misbehave (docs/decisions/0825): one that accepts the
 * connection and never greets, one that greets and then stops answering, one that refuses the
 * password. Each attempt ends within its timeouts (the vitest timeout bounds the test; no timing is
 * asserted), and a refused configuration is retried, not failed for good.
 */

const servers: Server[] = [];
const sockets: Socket[] = [];
async function smtpPeer(onConnection: (socket: Socket) => void): Promise<string> {
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return `smtp://127.0.0.1:${port}`;
}

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((ok) => s.close(ok))));
});

const row = {
  id: 'ntf_test',
  payload: JSON.stringify({ to: ['ops@example.com'], subject: 'KYC', text: 'hello', html: '<p>hello</p>' }),
} as Delivery;

/** A minimal SMTP dialogue: greets, answers EHLO, then `after(command)` for each later line. */
function dialogue(socket: Socket, after: (line: string) => string | null) {
  socket.write('220 peer ESMTP\r\n');
  let buffer = '';
  socket.on('data', (d) => {
    buffer += String(d);
    for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      if (/^EHLO/i.test(line)) socket.write('250-peer\r\n250 AUTH PLAIN LOGIN\r\n');
      else {
        const answer = after(line);
        if (answer) socket.write(answer + '\r\n');
      }
    }
  });
}

describe('the SMTP sender', () => {
  it('a server that never greets: the attempt ends with an error and is retried', async () => {
    const url = await smtpPeer(() => {});
    const sender = createSmtpSender({ url, from: 'Gatehouse <n@gatehouse.test>', timeoutMs: 300 });
    const out = await sender.send(row, 1);
    await sender.close();
    expect(out).toMatchObject({ delivered: false, permanent: false, smtpCode: null });
    expect(out.error).toMatch(/greeting|timeout|timed out/i);
  });

  it('a server that greets and then stops answering: the attempt ends with an error and is retried', async () => {
    const url = await smtpPeer((socket) => dialogue(socket, () => null));
    const sender = createSmtpSender({ url, from: 'Gatehouse <n@gatehouse.test>', timeoutMs: 300 });
    const out = await sender.send(row, 1);
    await sender.close();
    expect(out).toMatchObject({ delivered: false, permanent: false });
  });

  it('a refused password (535) is a configuration error: retried, never failed for good', async () => {
    const url = await smtpPeer((socket) =>
      dialogue(socket, (line) => (/^AUTH/i.test(line) ? '535 5.7.8 Authentication credentials invalid' : '250 OK')),
    );
    const sender = createSmtpSender({
      url: url.replace('smtp://', 'smtp://user:wrong@'),
      from: 'Gatehouse <n@gatehouse.test>',
      timeoutMs: 2_000,
    });
    const out = await sender.send(row, 1);
    await sender.close();
    expect(out).toMatchObject({ delivered: false, permanent: false, configuration: true, smtpCode: 535 });
  });

  it('a recipient refused for good (550) still fails the row at once', async () => {
    const url = await smtpPeer((socket) =>
      dialogue(socket, (line) => (/^RCPT/i.test(line) ? '550 5.1.1 No such user' : '250 OK')),
    );
    const sender = createSmtpSender({ url, from: 'Gatehouse <n@gatehouse.test>', timeoutMs: 2_000 });
    const out = await sender.send(row, 1);
    await sender.close();
    expect(out).toMatchObject({ delivered: false, permanent: true, smtpCode: 550 });
    expect(out.configuration).toBeUndefined();
  });
});
