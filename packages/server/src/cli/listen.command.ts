import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CommandSpec, OptionValues } from './args.js';
import { UsageError } from './args.js';

/**
 * `gatehouse listen`: the merchant's webhooks and DMNs as the gateway sends them, streamed from its
 * admin API (`GET /admin/v1/listen`, Server-Sent Events) and forwarded unchanged to a local URL
 * (docs/decisions/0920). Nothing is signed again: the forwarded request carries the body and the
 * signature headers the gateway sent, so the receiver verifies with the site's webhook secret
 * (`--print-secret`) and, for a DMN, the site's secret key. It reconnects with backoff and resumes
 * with `Last-Event-ID`. It is an HTTP client: it works against any Gatehouse in sandbox mode.
 */

export const listenSpec: CommandSpec = {
  name: 'listen',
  summary:
    'Stream the merchant’s webhooks and DMNs as they are sent and forward them, unchanged, to a local URL (sandbox).',
  usage: 'listen --forward-to <url> [options]',
  options: {
    'forward-to': {
      type: 'string',
      placeholder: 'url',
      description:
        'POST each webhook and DMN here, body and signature headers as sent (e.g. http://localhost:3000/hooks)',
    },
    'forward-dmn-to': { type: 'string', placeholder: 'url', description: 'DMNs here instead (default: --forward-to)' },
    events: {
      type: 'string',
      placeholder: 'list',
      description: 'Comma-separated event types (transaction.approved, transaction.*); default all',
    },
    'print-secret': {
      type: 'boolean',
      description: 'Print the site’s webhook secret (whsec_…) the forwarded webhooks verify with, and exit',
    },
    'api-base': {
      type: 'string',
      placeholder: 'url',
      description: 'The gateway (GATEHOUSE_URL, default http://127.0.0.1:$PORT or :8080)',
    },
    'api-key': {
      type: 'string',
      placeholder: 'key',
      description:
        'Operations API key or operator credential gho_… (GATEHOUSE_API_KEY; default: the demo key in the data folder)',
    },
    'data-dir': {
      type: 'string',
      placeholder: 'path',
      description: 'Data folder whose demo-credentials.json gives the key (GATEHOUSE_DATA_DIR, default ./data)',
    },
    json: { type: 'boolean', description: 'Print one JSON line per delivery' },
  },
};

export interface ListenOptions {
  apiBase: string;
  credential: string;
  forwardTo?: string | undefined;
  forwardDmnTo?: string | undefined;
  events: string[];
  json?: boolean;
  out(line: string): void;
  err(line: string): void;
  signal: AbortSignal;
  /** longest wait between reconnections (ms); default 10 s */
  maxBackoffMs?: number;
}

/** What one forwarded delivery came to, as printed. */
export interface Forwarded {
  notificationId: string;
  kind: string;
  eventType: string;
  attempt: number;
  status: number | null;
  latencyMs: number;
  error?: string;
}

interface DeliveryData {
  notificationId: string;
  kind: 'webhook' | 'dmn';
  eventType: string;
  merchantSiteId: string;
  attempt: number;
  sentAt: string;
  headers: Record<string, string>;
  body: string;
}

/** Fatal: the gateway refuses the credential or has no listen route; reconnecting will not help. */
export class ListenRefused extends Error {}

function authHeaders(credential: string): Record<string, string> {
  return credential.startsWith('gho_') ? { authorization: `Bearer ${credential}` } : { 'x-api-key': credential };
}

const FORWARD_TIMEOUT_MS = 10_000;

async function forward(
  url: string,
  d: DeliveryData,
): Promise<{ status: number | null; latencyMs: number; error?: string }> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: d.headers,
      body: d.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined); // expected: the receiver's body is drained, never read
    return { status: res.status, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return {
      status: null,
      latencyMs: Math.round(performance.now() - started),
      error: e.cause?.code ?? e.cause?.message ?? e.message,
    };
  }
}

function refusal(status: number, text: string): ListenRefused {
  if (status === 404)
    return new ListenRefused(
      'the gateway has no listen stream (404): it runs in production mode, or is older than `gatehouse listen`',
    );
  let reason = text.slice(0, 200);
  try {
    reason = (JSON.parse(text) as { result: { errors: { reason: string } } }).result.errors.reason;
  } catch {
    // expected: not our error shape, the text's start is the reason
  }
  return new ListenRefused(`the gateway refused the credential (${status}: ${reason})`);
}

/** The site's webhook secret, from `GET /admin/v1/listen/secret`. */
export async function fetchListenSecret(
  o: Pick<ListenOptions, 'apiBase' | 'credential'>,
): Promise<{ merchantSiteId: string; secret: string | null }> {
  const res = await fetch(new URL('/admin/v1/listen/secret', o.apiBase), { headers: authHeaders(o.credential) });
  const text = await res.text();
  if (res.status !== 200) throw refusal(res.status, text);
  return JSON.parse(text) as { merchantSiteId: string; secret: string | null };
}

/**
 * Streams and forwards until `signal` aborts; answers then. Throws `ListenRefused` when the gateway
 * refuses the credential (401/403) or has no stream (404). `onForwarded` sees every delivery handled.
 */
export async function runListen(o: ListenOptions, onForwarded?: (f: Forwarded) => void): Promise<void> {
  const url = new URL('/admin/v1/listen', o.apiBase);
  if (o.events.length > 0) url.searchParams.set('events', o.events.join(','));
  let lastEventId: string | undefined;
  let failures = 0;
  let announced = false;
  while (!o.signal.aborted) {
    let connected = false;
    try {
      const res = await fetch(url, {
        headers: {
          accept: 'text/event-stream',
          ...authHeaders(o.credential),
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal: o.signal,
      });
      if (res.status === 401 || res.status === 403 || res.status === 404) throw refusal(res.status, await res.text());
      if (res.status !== 200 || !res.body) throw new Error(`the gateway answered ${res.status}`);
      connected = true;
      failures = 0;
      o.err(
        announced
          ? `Reconnected to ${o.apiBase}${lastEventId ? ` (resuming after ${lastEventId})` : ''}`
          : `Ready: streaming webhooks and DMNs from ${o.apiBase}${o.forwardTo ? `, forwarding to ${o.forwardTo}` : ''} (Ctrl-C to stop)`,
      );
      announced = true;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | undefined;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') id = value;
            else if (field === 'event') event = value;
            else if (field === 'data') data.push(value);
          }
          if (event === 'missed') {
            const m = JSON.parse(data.join('\n')) as { count: number | null; reason: string };
            o.err(`! missed ${m.count ?? 'some'} deliveries: ${m.reason}`);
          } else if (event === 'delivery') {
            await handle(o, JSON.parse(data.join('\n')) as DeliveryData, onForwarded);
          }
          if (id) lastEventId = id;
        }
      }
      if (!o.signal.aborted) o.err('The stream ended; reconnecting');
    } catch (err) {
      if (err instanceof ListenRefused) throw err;
      if (o.signal.aborted) break;
      o.err(
        `The stream ${connected ? 'broke' : 'could not be opened'} (${(err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message}); reconnecting`,
      );
    }
    failures++;
    const wait = Math.min(o.maxBackoffMs ?? 10_000, 250 * 2 ** Math.min(failures - 1, 6));
    await new Promise<void>((done) => {
      const t = setTimeout(done, wait);
      o.signal.addEventListener('abort', () => (clearTimeout(t), done()), { once: true });
    });
  }
}

async function handle(o: ListenOptions, d: DeliveryData, onForwarded?: (f: Forwarded) => void): Promise<void> {
  const target = d.kind === 'dmn' ? (o.forwardDmnTo ?? o.forwardTo) : o.forwardTo;
  const r = target ? await forward(target, d) : { status: null, latencyMs: 0 };
  const f: Forwarded = {
    notificationId: d.notificationId,
    kind: d.kind,
    eventType: d.eventType,
    attempt: d.attempt,
    ...r,
  };
  if (o.json) o.out(JSON.stringify({ ...f, sentAt: d.sentAt, forwardedTo: target ?? null }));
  else {
    const result = !target
      ? ''
      : r.status !== null
        ? `  -> ${r.status} (${r.latencyMs} ms)`
        : `  -> failed: ${r.error} (${r.latencyMs} ms)`;
    const attempt = d.attempt > 1 ? `  attempt ${d.attempt}` : '';
    o.out(`${d.sentAt}  ${d.kind.padEnd(7)}  ${d.eventType}  ${d.notificationId}${attempt}${result}`);
  }
  onForwarded?.(f);
}

const str = (v: string | boolean | undefined) => (typeof v === 'string' && v.length > 0 ? v : undefined);

function checkUrl(text: string, option: string): string {
  try {
    const u = new URL(text);
    if (u.protocol === 'http:' || u.protocol === 'https:') return text;
  } catch {
    // expected: not usable here, the fallback below answers
  }
  throw new UsageError(`--${option} must be an http or https URL`);
}

/** The credential: the option, the environment, or the demo key of the data folder. */
async function credentialOf(values: OptionValues, env: NodeJS.ProcessEnv): Promise<string> {
  const given = str(values['api-key']) ?? str(env.GATEHOUSE_API_KEY);
  if (given) return given;
  const file = join(resolve(str(values['data-dir']) ?? str(env.GATEHOUSE_DATA_DIR) ?? 'data'), 'demo-credentials.json');
  try {
    const key = (JSON.parse(await readFile(file, 'utf8')) as { apiKey?: string }).apiKey;
    if (key) return key;
  } catch {
    // expected: not usable here, the fallback below answers
  }
  throw new UsageError(`no credential: give --api-key (or GATEHOUSE_API_KEY), or run where ${file} exists`);
}

/** The `gatehouse listen` action: options, then stream until Ctrl-C. */
export async function listenCommand(values: OptionValues, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const apiBase = checkUrl(
    str(values['api-base']) ?? str(env.GATEHOUSE_URL) ?? `http://127.0.0.1:${str(env.PORT) ?? '8080'}`,
    'api-base',
  );
  const credential = await credentialOf(values, env);
  const out = (s: string) => process.stdout.write(s + '\n');
  const err = (s: string) => process.stderr.write(s + '\n');
  if (values['print-secret']) {
    const s = await fetchListenSecret({ apiBase, credential }).catch((e: unknown) => {
      throw new UsageError((e as Error).message);
    });
    if (!s.secret)
      throw new UsageError(
        `site ${s.merchantSiteId} has no webhook secret: \`gatehouse webhooks rotate-secret --site ${s.merchantSiteId}\``,
      );
    out(s.secret);
    return;
  }
  const forwardTo = str(values['forward-to']);
  const forwardDmnTo = str(values['forward-dmn-to']);
  if (forwardTo) checkUrl(forwardTo, 'forward-to');
  if (forwardDmnTo) checkUrl(forwardDmnTo, 'forward-dmn-to');
  const events = (str(values.events) ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const e of events)
    if (!/^(\*|[a-z0-9_]+(\.[a-z0-9_]+)*(\.\*)?)$/.test(e)) throw new UsageError(`--events: not an event type: ${e}`);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await runListen({
      apiBase,
      credential,
      forwardTo,
      forwardDmnTo,
      events,
      json: values.json === true,
      out,
      err,
      signal: stop.signal,
    });
  } catch (e) {
    if (e instanceof ListenRefused) throw new UsageError(e.message);
    throw e;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
