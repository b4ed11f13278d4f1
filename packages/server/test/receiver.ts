import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A merchant's notification receiver for tests: a real HTTP server that records every request and
 * answers as the test's `behaviour` says (a status, a redirect, or never). It also tracks, per
 * notification, how many requests are open at once, to catch a row delivered twice concurrently.
 */
export interface Received {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** order of arrival, from 0 */
  seq: number;
  /** the gateway clock when the request arrived (when the test gives one) */
  clockAt: number | undefined;
  /** the status answered; undefined when the request was left hanging */
  answered?: number;
}

export type Behaviour = (
  req: Received,
  nth: number,
) =>
  | {
      status: number;
      headers?: Record<string, string>;
      body?: string;
      /** answer this much later (a slow receiver) */ delayMs?: number;
    }
  | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** per notification key (webhook-id, or PPP_TransactionID+Status), the most requests open at once */
  maxConcurrent: Map<string, number>;
  behave(b: Behaviour): void;
  /** requests left hanging, still open */
  hanging(): number;
  /** answer every hanging request with this status */
  release(status?: number): void;
  close(): Promise<void>;
}

/** The key a receiver de-duplicates by: `webhook-id`, or `PPP_TransactionID` + `Status` of a DMN. */
export function notificationKey(r: { headers: Record<string, string>; body: string }): string {
  if (r.headers['webhook-id']) return r.headers['webhook-id'];
  const f = new URLSearchParams(r.body);
  return `${f.get('PPP_TransactionID')}:${f.get('Status')}`;
}

export async function startReceiver(options: { clock?: { now(): number } } = {}): Promise<Receiver> {
  let behaviour: Behaviour = () => ({ status: 200, body: 'OK' });
  const received: Received[] = [];
  const open = new Map<string, number>();
  const maxConcurrent = new Map<string, number>();
  const seen = new Map<string, number>();
  const held: Array<{ res: ServerResponse; rec: Received }> = [];
  const sockets = new Set<import('node:net').Socket>();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const rec: Received = {
        url: req.url ?? '/',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        seq: received.length,
        clockAt: options.clock?.now(),
      };
      received.push(rec);
      const key = notificationKey(rec);
      const n = (open.get(key) ?? 0) + 1;
      open.set(key, n);
      maxConcurrent.set(key, Math.max(maxConcurrent.get(key) ?? 0, n));
      const done = () => open.set(key, (open.get(key) ?? 1) - 1);
      res.once('close', done);
      const nth = (seen.get(key) ?? 0) + 1;
      seen.set(key, nth);
      const answer = behaviour(rec, nth);
      if (answer === 'hang') {
        held.push({ res, rec });
        return;
      }
      const reply = () => {
        if (res.destroyed) return;
        rec.answered = answer.status;
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    maxConcurrent,
    behave: (b) => {
      behaviour = b;
    },
    hanging: () => held.filter((h) => !h.res.writableEnded && !h.res.destroyed).length,
    release: (status = 200) => {
      for (const h of held.splice(0)) {
        if (h.res.destroyed) continue;
        h.rec.answered = status;
        h.res.writeHead(status).end('OK');
      }
    },
    close: async () => {
      for (const h of held.splice(0)) h.res.destroy();
      for (const s of sockets) s.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
