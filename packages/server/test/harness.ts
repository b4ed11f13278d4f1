import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type DemoCredentials, ensureDemoMerchant } from '../src/bootstrap/demo.js';
import { loadConfig } from '../src/config.js';
import { type Clock, manualClock, type ManualClock } from '../src/lib/clock.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { type DialectName, freshPgSchema } from './dialects.js';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface Gateway {
  url: string;
  dialect: DialectName;
  demo: DemoCredentials;
  rt: Runtime;
  app: FastifyInstance;
  clock: ManualClock | Clock;
  dataDir: string;
  /** every log line the server wrote, parsed */
  logs: Array<Record<string, unknown>>;
  rawLog(): string;
  request(
    method: string,
    path: string,
    init?: { headers?: Record<string, string>; body?: unknown; raw?: string },
  ): Promise<HttpResult>;
  close(): Promise<void>;
}

export interface GatewayOptions {
  dialect?: DialectName;
  /** a manual clock starting here (ms); default the system clock */
  clockStart?: number;
  env?: Record<string, string>;
}

/**
 * Starts the real server on port 0 over a fresh SQLite file (temp folder) or a fresh PostgreSQL
 * schema, with the demo merchant created. Talk to it over HTTP with `request`.
 */
export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const dialect = options.dialect ?? 'sqlite';
  const dataDir = await mkdtemp(join(tmpdir(), 'gatehouse-test-'));
  const pgSchema = dialect === 'postgres' ? await freshPgSchema() : undefined;
  const config = loadConfig(
    {
      GATEHOUSE_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(pgSchema ? { DATABASE_URL: pgSchema.url, GATEHOUSE_MASTER_KEY: '11'.repeat(32) } : {}),
      ...options.env,
    },
    process.cwd(),
  );
  const clock = options.clockStart === undefined ? undefined : manualClock(options.clockStart);
  const rt = await openRuntime(config, clock ? { clock } : {});
  let raw = '';
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      raw += String(chunk);
      cb();
    },
  });
  const app = await buildApp({ ...rt, logStream });
  const demo = (await ensureDemoMerchant(rt.deps, dataDir))!.credentials;
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    dialect,
    demo,
    rt,
    app,
    clock: clock ?? rt.clock,
    dataDir,
    get logs() {
      return raw
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    rawLog: () => raw,
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined;
      if (init.raw !== undefined) body = init.raw;
      else if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, text, json };
    },
    async close() {
      await app.close();
      await rt.store.close();
      await pgSchema?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A valid order for the demo entity, with any fields replaced. */
export function validOrder(gw: Gateway, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    processingEntityId: gw.demo.processingEntityId,
    amount: 25.5,
    currency: 'EUR',
    permittedOperations: ['payments'],
    ...extra,
  };
}

export const apiKey = (gw: Gateway) => ({ 'x-api-key': gw.demo.apiKey });
