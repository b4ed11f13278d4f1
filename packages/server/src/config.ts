import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Every setting, one schema: parsed from the environment (and CLI flags of `gatehouse start`),
 * and the source of the configuration table in README.md (`npm run docs`).
 */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 8080,
    description: 'TCP port of the HTTP server (flag `--port`)',
  }),
  HOST: Type.String({
    default: '127.0.0.1',
    description: 'Interface to listen on; `0.0.0.0` for every interface (flag `--host`)',
  }),
  GATEHOUSE_DATA_DIR: Type.String({
    default: './data',
    description:
      'Folder of the embedded SQLite store, the generated master key and `demo-credentials.json` (flag `--data-dir`)',
  }),
  DATABASE_URL: Type.Optional(
    Type.String({
      description:
        'PostgreSQL URL (`postgres://user@host:5432/db`); absent = SQLite file in the data folder (flag `--database-url`)',
    }),
  ),
  GATEHOUSE_MASTER_KEY: Type.Optional(
    Type.String({
      description:
        '32-byte key (64 hex characters or base64) encrypting merchant secrets and card data. Absent with SQLite: generated into `<data folder>/master.key`. Required with PostgreSQL (every node needs the same key)',
    }),
  ),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'Minimum level of the JSON log lines on stdout (flag `--log-level`)',
  }),
  GATEHOUSE_DEMO: Type.Optional(
    Type.Boolean({
      description:
        'Create a demo merchant when the store is empty, and print its secrets once (flag `--no-demo` turns it off). Default: on in sandbox mode, off in production mode; turned on in production, its secrets go to `demo-credentials.json` only, never to the log (docs/decisions/0823)',
    }),
  ),
  GATEHOUSE_SQLITE_SYNCHRONOUS: Type.Enum(['FULL', 'NORMAL'], {
    default: 'FULL',
    description:
      'SQLite durability: `FULL` acknowledges a commit once the WAL holding it is synced to disk (off the event loop, ADRs 0012 and 0013); `NORMAL` does not wait and may lose the last commits on power loss',
  }),
  GATEHOUSE_PG_POOL_SIZE: Type.Integer({
    minimum: 1,
    maximum: 200,
    default: 10,
    description: 'PostgreSQL connections per process',
  }),
  GATEHOUSE_MODE: Type.Enum(['sandbox', 'production'], {
    default: 'sandbox',
    description:
      '`sandbox` allows test notifications and private-network notification targets; `production` refuses both unless allowed below',
  }),
  GATEHOUSE_WORKERS: Type.Boolean({
    default: true,
    description:
      'Run the notification relay inside the server process (flag `--no-workers` for API-only nodes; `gatehouse worker` runs a relay alone)',
  }),
  GATEHOUSE_DELIVERY_ALLOW_PRIVATE: Type.Optional(
    Type.Boolean({
      description:
        'Deliver webhooks and DMNs to loopback, private and link-local addresses. Default: true in sandbox mode, false in production mode',
    }),
  ),
  GATEHOUSE_DELIVERY_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 10_000,
    description: 'Timeout of one notification delivery attempt (connect, response and the first KiB of its body)',
  }),
  GATEHOUSE_DELIVERY_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 512,
    default: 16,
    description: 'Notification deliveries in flight at once per relay',
  }),
  GATEHOUSE_DELIVERY_PER_TARGET: Type.Integer({
    minimum: 1,
    maximum: 512,
    default: 8,
    description:
      "Notification deliveries in flight at once per relay to one target (scheme, host and port): a slow or dead receiver holds at most this many of the relay's slots, and due notifications are claimed in turn across targets (docs/decisions/0825)",
  }),
  GATEHOUSE_EMAIL_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 4,
    description:
      'Platform e-mails in flight at once per relay: e-mail is its own lane, so a hung SMTP server holds at most this many slots (docs/decisions/0825)',
  }),
  GATEHOUSE_DELIVERY_POLL_MS: Type.Integer({
    minimum: 10,
    maximum: 60_000,
    default: 250,
    description: 'How often an idle relay looks for due notifications',
  }),
  GATEHOUSE_TLS_CERT: Type.Optional(
    Type.String({
      description:
        'PEM certificate (chain) file: serve HTTPS with TLS 1.2 or later, HTTP/2 and HTTP/1.1 by ALPN; read again on SIGHUP (flag `--tls-cert`)',
    }),
  ),
  GATEHOUSE_TLS_KEY: Type.Optional(
    Type.String({ description: 'PEM private key file of `GATEHOUSE_TLS_CERT` (flag `--tls-key`)' }),
  ),
  GATEHOUSE_RECOVERY_GRACE_MS: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 86_400_000,
      description:
        'How old a transaction left pending by a crash must be before recovery closes it (at start, and every minute on PostgreSQL); default 0 with the embedded SQLite store (one process), 300000 with PostgreSQL, where another node may still be waiting for the acquirer',
    }),
  ),
  GATEHOUSE_BODY_TIMEOUT_MS: Type.Integer({
    minimum: 0,
    maximum: 600_000,
    default: 10_000,
    description:
      'A request body not received within this time of its headers is answered 408 and its connection closed; `0` disables',
  }),
  GATEHOUSE_RATE_LIMIT: Type.Integer({
    minimum: 0,
    default: 1000,
    description:
      'Requests per second per credential (API key, site, session token), summed over the nodes of one PostgreSQL database (in memory with SQLite); each credential has a bucket of three seconds of requests, refilled by this many each second, so a quiet client may burst to three times it (docs/decisions/0815); over it REST answers 429 `7300.4290`, the session and client APIs errCode 1090; `0` disables',
  }),
  GATEHOUSE_AUTH_FAILURE_LIMIT: Type.Integer({
    minimum: 0,
    default: 300,
    description:
      'Failed authentications per minute per client address, summed over the nodes like `GATEHOUSE_RATE_LIMIT`, before every request of that address is refused as rate-limited until the minute ends; `0` disables',
  }),
  GATEHOUSE_MAX_CONNECTIONS_PER_CLIENT: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 256,
    description:
      'TCP connections one client address may hold open at once; a connection over it is closed before any byte is read. The address is the TCP peer: behind a load balancer raise it or set `0` (off) (docs/decisions/0823)',
  }),
  GATEHOUSE_IDLE_TIMEOUT_MS: Type.Integer({
    minimum: 0,
    maximum: 3_600_000,
    default: 72_000,
    description:
      'A connection on which nothing is sent or received for this long is closed (a client that connects and sends nothing, a keep-alive connection between requests, an HTTP/2 session). Keep it above the idle timeout of a load balancer in front (often 60 s); `0` disables, and keep-alive connections then close after 72 s (docs/decisions/0823)',
  }),
  GATEHOUSE_TIMESTAMP_TOLERANCE_MS: Type.Integer({
    minimum: 0,
    maximum: 604_800_000,
    default: 3_600_000,
    description:
      "Clock skew allowed to a signed session call's `timeStamp` beyond the time zones in use: a body is accepted from 14 hours plus this before its stamped hour (a merchant at UTC+14) to 13 hours plus this after it (UTC−12, and the minutes not read); outside, errCode 1021 `Invalid timestamp`. A money-moving body's replay record is kept longer than that window (docs/decisions/0822)",
  }),
  GATEHOUSE_TRUST_PROXY: Type.Optional(
    Type.String({
      description:
        'Comma-separated addresses and CIDRs (or `loopback`, `linklocal`, `uniquelocal`) of the load balancers whose `X-Forwarded-For` gives the client address (failed-authentication limit, logs). Absent: trust nobody, the client address is the TCP peer',
    }),
  ),
  GATEHOUSE_DEMO_PAGE: Type.Optional(
    Type.Boolean({
      description:
        'Serve the demo shop at `/demo` (pays the demo merchant with hosted card fields and shows the DMN it receives). Default: on in sandbox mode with the embedded SQLite store, off otherwise',
    }),
  ),
  SMTP_URL: Type.Optional(
    Type.String({
      description:
        'SMTP server of the platform e-mails (nodemailer URL: `smtp://127.0.0.1:1025`, `smtps://user:pass@mail.example.com:465`; TLS and auth from the URL). Absent: e-mails are kept and listed (`GET /admin/v1/emails`, `gatehouse emails list`), not sent',
    }),
  ),
  SMTP_FROM: Type.String({
    default: 'Gatehouse <notifications@gatehouse.localhost>',
    description: 'Sender of the platform e-mails; its domain also ends each `Message-ID`',
  }),
});
export type RawConfig = Static<typeof ConfigSchema>;

export interface Config extends RawConfig {
  /** absolute data folder */
  dataDir: string;
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};

/** Parses settings from an environment-like record; throws an Error naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined>, cwd: string): Config {
  const raw: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(ConfigSchema.properties)) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const type = (schema as { type?: string }).type;
    if (type === 'integer') raw[name] = /^-?\d+$/.test(text) ? Number(text) : text;
    else if (type === 'boolean') raw[name] = BOOLEAN_WORDS[text.toLowerCase()] ?? text;
    else raw[name] = text;
  }
  const withDefaults = Value.Default(ConfigSchema, raw) as Record<string, unknown>;
  const errors = [...Value.Errors(ConfigSchema, withDefaults)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `${e.instancePath.slice(1) || 'config'}: ${e.message}`);
    throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const cfg = withDefaults as RawConfig;
  trustedProxies(cfg);
  return { ...cfg, dataDir: resolve(cwd, cfg.GATEHOUSE_DATA_DIR) };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `GATEHOUSE_TRUST_PROXY` as Fastify's `trustProxy` list, or false (trust nobody). Only addresses:
 * Fastify's hop-count form cannot tell a balancer from a client and trusts nothing (docs/decisions/0809).
 */
export function trustedProxies(config: Pick<RawConfig, 'GATEHOUSE_TRUST_PROXY'>): string[] | false {
  const entries = (config.GATEHOUSE_TRUST_PROXY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!PROXY_NAMES.has(entry) && (family === 0 || !prefixOk || extra !== undefined)) {
      throw new Error(
        `invalid configuration:\n  GATEHOUSE_TRUST_PROXY: ${JSON.stringify(entry)} is not an address, a CIDR or one of ${[...PROXY_NAMES].join(', ')}`,
      );
    }
  }
  return entries.length > 0 ? entries : false;
}

/** Whether a start creates the demo merchant: `GATEHOUSE_DEMO`, else in sandbox mode only (docs/decisions/0823). */
export function demoEnabled(config: Pick<RawConfig, 'GATEHOUSE_DEMO' | 'GATEHOUSE_MODE'>): boolean {
  return config.GATEHOUSE_DEMO ?? config.GATEHOUSE_MODE === 'sandbox';
}

/** Whether the demo shop `/demo` and its inbox are served: `GATEHOUSE_DEMO_PAGE`, else sandbox mode on the embedded store. */
export function demoPageEnabled(
  config: Pick<RawConfig, 'GATEHOUSE_DEMO_PAGE' | 'GATEHOUSE_MODE' | 'DATABASE_URL'>,
): boolean {
  return config.GATEHOUSE_DEMO_PAGE ?? (config.GATEHOUSE_MODE === 'sandbox' && config.DATABASE_URL === undefined);
}

/** The configuration table (Markdown) generated from the schema. */
export function configTable(): string {
  const rows = Object.entries(ConfigSchema.properties).map(([name, s]) => {
    const schema = s as { default?: unknown; description?: string };
    const def = schema.default === undefined ? '(none)' : `\`${String(schema.default)}\``;
    return `| \`${name}\` | ${def} | ${schema.description ?? ''} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}
