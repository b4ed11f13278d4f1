import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../test/harness.js';
import { enqueueNotification, listDeliveries } from '../domain/notifications/notification.service.js';
import type { ManualClock } from '../lib/clock.js';
import { createSmtpSender } from './email-sender.js';
import { Relay } from './relay.js';

/**
 * A greylisting SMTP server (docs/decisions/0825): it takes one recipient and refuses the other for
 * now (450). The message is delivered to the first, and sent again to the refused one alone, with its
 * own retries, until the server takes it; the first never gets it twice.
 */

interface Mail {
  rcpt: string[];
}

async function greylistingPeer(
  refuse: () => Set<string>,
): Promise<{ url: string; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = [];
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
    let rcpt: string[] = [];
    let inData = false;
    let buffer = '';
    const say = (s: string) => socket.write(s + '\r\n');
    say('220 greylist ESMTP');
    socket.on('data', (d) => {
      buffer += String(d);
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push({ rcpt });
            say('250 2.0.0 queued');
          }
          continue;
        }
        const to = /^RCPT TO:<([^>]+)>/i.exec(line)?.[1];
        if (/^EHLO/i.test(line)) say('250 greylist');
        else if (/^MAIL FROM/i.test(line)) {
          rcpt = [];
          say('250 OK');
        } else if (to !== undefined) {
          if (refuse().has(to)) say('450 4.2.0 Greylisted, try again later');
          else {
            rcpt.push(to);
            say('250 OK');
          }
        } else if (/^DATA/i.test(line)) {
          inData = true;
          say('354 go ahead');
        } else if (/^QUIT/i.test(line)) {
          say('221 bye');
          socket.end();
        } else say('250 OK');
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((ok) => server.close(ok));
    },
  };
}

describe('e-mail to a greylisting server', () => {
  let gw: Gateway;
  let refused = new Set(['later@example.com']);
  let peer: Awaited<ReturnType<typeof greylistingPeer>>;
  beforeAll(async () => {
    gw = await startGateway({ clockStart: Date.UTC(2026, 10, 26, 12, 0) });
    peer = await greylistingPeer(() => refused);
  });
  afterAll(async () => {
    await gw?.close();
    await peer?.close();
  });

  it('delivers to the recipients taken, and again to the one refused for now, alone, until it is taken', async () => {
    const message = {
      to: ['now@example.com', 'later@example.com'],
      subject: 'KYC status update',
      text: 'hello',
      html: '<p>hello</p>',
    };
    const { id } = await gw.rt.deps.storage.write((repos) =>
      enqueueNotification(
        repos,
        {
          kind: 'email',
          dedupeKey: 'email:greylist:1',
          merchantId: gw.demo.merchantId,
          siteId: gw.demo.merchantSiteId,
          orderId: null,
          sessionId: null,
          transactionId: null,
          targetUrl: `mailto:${message.to.join(',')}`,
          eventType: 'kyc.status_updated',
          payload: JSON.stringify(message),
        },
        gw.clock.now(),
      ),
    );
    const mailer = createSmtpSender({ url: peer.url, from: 'Gatehouse <n@gatehouse.test>', timeoutMs: 2_000 });
    const relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps, mailer }, { timeoutMs: 2_000, allowPrivate: true });
    try {
      await relay.tick();
      const rows = async () => (await listDeliveries(gw.rt.deps, { limit: 10 })).filter((d) => d.kind === 'email');
      const first = (await rows()).find((d) => d.id === id)!;
      expect(first.status).toBe('delivered');
      const again = (await rows()).find((d) => d.id !== id)!;
      expect(again.targetUrl).toBe('mailto:later@example.com');
      expect(JSON.parse(again.payload).to).toEqual(['later@example.com']);
      // still greylisted at its first try: pending, with backoff, never failed
      expect(again.status).toBe('pending');
      expect(peer.mails).toEqual([{ rcpt: ['now@example.com'] }]);
      // the server takes it later
      refused = new Set();
      (gw.clock as ManualClock).advance(10 * 60_000);
      await relay.tick();
      expect((await rows()).find((d) => d.id === again.id)!.status).toBe('delivered');
      expect(peer.mails).toEqual([{ rcpt: ['now@example.com'] }, { rcpt: ['later@example.com'] }]);
    } finally {
      await relay.stop();
      await mailer.close();
    }
  });
});
