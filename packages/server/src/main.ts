#!/usr/bin/env node
import { createRequire } from 'node:module';
import type { DemoCredentials } from './bootstrap/demo.js';
import { type CommandSpec, type OptionValues, UsageError } from './cli/args.js';
import { credentialCommands } from './cli/credentials.commands.js';
import { configText } from './cli/help.js';
import { listCommands } from './cli/list.commands.js';
import { operatorCommands } from './cli/operators.commands.js';
import {
  buildProgram,
  CommanderError,
  helpWidth,
  normalizeArgv,
  type ProgramEntry,
  USAGE_EXIT,
} from './cli/program.js';
import { requireStore } from './cli/store-check.js';
import { notificationCommands } from './cli/notifications.commands.js';
import { apmCommands } from './cli/apm.commands.js';
import { emailCommands } from './cli/emails.commands.js';
import { platformCommands } from './cli/platform.commands.js';
import { rebillingCommands } from './cli/rebilling.commands.js';
import { withdrawalCommands } from './cli/withdrawals.commands.js';
import { clockCommands } from './cli/clock.commands.js';
import { faultCommands } from './cli/faults.commands.js';
import { runWorker, workerSpec } from './cli/worker.command.js';
import { listenCommand, listenSpec } from './cli/listen.command.js';
import { endpointCommands } from './cli/endpoints.commands.js';
import { runTrigger, triggerSpec } from './cli/trigger.command.js';
import { sandboxCommands } from './cli/sandbox.commands.js';
import type { startRelay } from './delivery/relay.js';
import { pointDemoAtInbox } from './bootstrap/demo-inbox.js';
import { type Config, demoEnabled, demoPageEnabled, loadConfig } from './config.js';
import { DomainError } from './domain/errors.js';
import { openRuntime } from './runtime.js';
import { lockDataFolder } from './bootstrap/data-folder-lock.js';
import { refuseStoreWithoutKey } from './bootstrap/private-files.js';
import { systemClock } from './lib/clock.js';

const listeningPort = (a: ReturnType<import('node:net').Server['address']>): number | undefined =>
  a && typeof a === 'object' ? a.port : undefined;

// Every `{spec, run}` command module's array, in the order `gatehouse --help` lists them.
const commands = [
  ...credentialCommands,
  ...operatorCommands,
  ...listCommands,
  ...notificationCommands,
  ...apmCommands,
  ...platformCommands,
  ...emailCommands,
  ...rebillingCommands,
  ...withdrawalCommands,
  ...clockCommands,
  ...faultCommands,
  ...endpointCommands,
];
commands.push(...sandboxCommands);

const commonOptions: CommandSpec['options'] = {
  'data-dir': { type: 'string', placeholder: 'path', description: 'Data folder (GATEHOUSE_DATA_DIR, default ./data)' },
  'database-url': { type: 'string', placeholder: 'url', description: 'PostgreSQL URL (DATABASE_URL); default SQLite' },
};

const startSpec: CommandSpec = {
  name: 'start',
  summary: 'Run the gateway: migrate the store, create the demo merchant on an empty store, serve HTTP.',
  options: {
    port: { type: 'string', placeholder: 'port', description: 'TCP port (PORT, default 8080)' },
    host: { type: 'string', placeholder: 'host', description: 'Listen address (HOST, default 127.0.0.1)' },
    'log-level': { type: 'string', placeholder: 'level', description: 'Log level (LOG_LEVEL, default info)' },
    'no-demo': { type: 'boolean', description: 'Do not create a demo merchant (GATEHOUSE_DEMO=false)' },
    'tls-cert': {
      type: 'string',
      placeholder: 'file',
      description: 'PEM certificate: serve HTTPS, HTTP/2 (GATEHOUSE_TLS_CERT)',
    },
    'tls-key': { type: 'string', placeholder: 'file', description: 'PEM private key (GATEHOUSE_TLS_KEY)' },
    cluster: {
      type: 'string',
      placeholder: 'N',
      description: 'Fork N server processes sharing the port (node:cluster); needs DATABASE_URL',
    },
    'no-workers': {
      type: 'boolean',
      description: 'API only: no notification relay in this process (GATEHOUSE_WORKERS=false)',
    },
    ...commonOptions,
  },
};

const migrateSpec: CommandSpec = {
  name: 'migrate',
  summary: 'Apply pending store migrations and exit (the server also applies them at start).',
  options: { ...commonOptions },
};

const FLAG_ENV: Record<string, string> = {
  port: 'PORT',
  host: 'HOST',
  'log-level': 'LOG_LEVEL',
  'data-dir': 'GATEHOUSE_DATA_DIR',
  'database-url': 'DATABASE_URL',
  'tls-cert': 'GATEHOUSE_TLS_CERT',
  'tls-key': 'GATEHOUSE_TLS_KEY',
};

function configFrom(values: OptionValues): Config {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const [flag, name] of Object.entries(FLAG_ENV)) {
    const v = values[flag];
    if (typeof v === 'string') env[name] = v;
  }
  if (values['no-demo']) env.GATEHOUSE_DEMO = 'false';
  if (values['no-workers']) env.GATEHOUSE_WORKERS = 'false';
  return loadConfig(env, process.cwd());
}

async function start(values: OptionValues): Promise<void> {
  const config = configFrom(values);
  const { clusterSize, isClusterWorker, runClusterPrimary } = await import('./cli/cluster.js');
  const workers = clusterSize(values.cluster);
  if (workers !== undefined && !isClusterWorker()) {
    if (!config.DATABASE_URL)
      throw new UsageError(
        '--cluster needs PostgreSQL (DATABASE_URL): the embedded SQLite store has one writer process',
      );
    // The primary prepares the store once (migrations, demo merchant); the workers serve.
    const prep = await openRuntime(config);
    if (demoEnabled(config)) {
      const { ensureDemoMerchant } = await import('./bootstrap/demo.js');
      const demo = await ensureDemoMerchant(prep.deps, config.dataDir);
      if (demo) printDemo(demo.credentials, demo.created, config);
    }
    await prep.store.close();
    return runClusterPrimary(workers, (line) => process.stderr.write(line + '\n'));
  }
  // One server per SQLite data folder (docs/decisions/0820): taken before anything is written in it,
  // and after the checks that refuse a start, so that a refused start leaves the folder as it was.
  if (!config.DATABASE_URL) await refuseStoreWithoutKey(config.dataDir, config.GATEHOUSE_MASTER_KEY);
  const lock = config.DATABASE_URL
    ? undefined
    : lockDataFolder(config.dataDir, { pid: process.pid, port: config.PORT, now: new Date(systemClock.now()) });
  let rt: Awaited<ReturnType<typeof openRuntime>>;
  try {
    rt = await openRuntime(config);
  } catch (err) {
    lock?.release();
    throw err;
  }
  // The server's modules load only for `start`: the credential commands stay quick.
  const { buildApp } = await import('./app.js');
  const { ensureDemoMerchant } = await import('./bootstrap/demo.js');
  const { recoverPendingTransactions } = await import('./domain/payments/payment.service.js');
  const app = await buildApp(rt);
  if (rt.migrated.length > 0) app.log.info({ migrations: rt.migrated }, 'store migrated');
  if (lock?.tookOver)
    app.log.warn({ previous: lock.tookOver }, 'data folder lock of a server that is no longer running taken over');
  // Transactions a crash left pending are closed without a second acquirer call (docs/decisions/0303).
  // Their idempotency records take the final answer, so a retry replays it (docs/decisions/0807).
  const graceMs = config.GATEHOUSE_RECOVERY_GRACE_MS ?? (rt.store.file ? 0 : undefined);
  const recovery = graceMs === undefined ? {} : { graceMs };
  app.log.info({ recovered: await recoverPendingTransactions(rt.deps, recovery) }, 'pending transactions recovered');
  // Withdrawal requests whose payout the crash cut off take the payout's outcome (docs/decisions/0503).
  const { recoverProcessingWithdrawals } = await import('./domain/withdrawals/withdrawal.service.js');
  app.log.info({ recovered: await recoverProcessingWithdrawals(rt.deps) }, 'withdrawal requests recovered');
  // On PostgreSQL another node's crash leaves rows no start of this node would see: sweep every minute.
  const sweep = rt.store.file
    ? undefined
    : setInterval(() => {
        recoverPendingTransactions(rt.deps, recovery)
          .then(async (n) => (n > 0 ? n + (await recoverProcessingWithdrawals(rt.deps)) : 0))
          .then(
            (n) => n > 0 && app.log.info({ recovered: n }, 'pending transactions recovered'),
            (err: unknown) => app.log.error({ err }, 'recovery sweep failed'),
          );
      }, 60_000).unref();
  const demo = demoEnabled(config) ? await ensureDemoMerchant(rt.deps, config.dataDir) : undefined;
  if (demo) app.log.info({ merchantId: demo.credentials.merchantId, created: demo.created }, 'demo merchant ready');
  let closing = false;
  let relay: ReturnType<typeof startRelay> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(sweep);
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await relay?.stop();
    await rt.store.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const { reloadTls } = await import('./http/ops/tls.js');
  process.on('SIGHUP', () => {
    reloadTls(app, config).then(
      (reloaded) => app.log.info({ reloaded }, 'SIGHUP: TLS certificate reloaded'),
      (err: unknown) => app.log.error({ err }, 'SIGHUP: TLS certificate not reloaded, the previous one stays'),
    );
  });
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  lock?.listening(address, listeningPort(app.server.address()) ?? config.PORT);
  if (config.GATEHOUSE_WORKERS) {
    const { startRelay } = await import('./delivery/relay.js');
    relay = startRelay({ ...rt, listen: app.services.listen }, app.log);
  }
  app.log.info({ address, store: rt.store.dialect.name, dataDir: config.dataDir }, 'gatehouse listening');
  if (demo) {
    // The sandbox inbox shows the demo merchant's notifications (docs/decisions/0901).
    const inbox = demoPageEnabled(config) ? await pointDemoAtInbox(rt.deps, demo.credentials, address) : null;
    for (const move of inbox?.moves ?? [])
      app.log.info(
        { merchantSiteId: demo.credentials.merchantSiteId, ...move },
        "demo site notification address moved to this server's inbox",
      );
    printDemo(demo.credentials, demo.created, config);
    if (inbox) process.stderr.write(`Its webhooks and DMNs go to the sandbox inbox: ${address}/demo/inbox\n`);
  }
  // Printed once everything above is done: scripts and tests wait for this line.
  process.stderr.write(`\nGatehouse listening on ${address}  (store: ${rt.store.file ?? 'postgres'})\n`);
  if (config.GATEHOUSE_MODE === 'sandbox') process.stderr.write(`Start here: ${address}/\n`);
  if (demoPageEnabled(config)) process.stderr.write(`Demo shop (hosted card fields, DMNs): ${address}/demo\n`);
}

/** The secrets are printed when they are made; later starts name the file that holds them. */
const DEMO_SECRETS = new Set(['merchantSecretKey', 'apiKey', 'webhookSecret']);

function printDemo(c: DemoCredentials, createdNow: boolean, config: Config): void {
  const file = `${config.dataDir}/demo-credentials.json`;
  // In production mode no secret is ever written to the output (docs/decisions/0823): the file holds them.
  const created = createdNow && config.GATEHOUSE_MODE === 'sandbox';
  const lines = [
    '',
    createdNow ? 'Demo merchant created:' : 'Demo merchant:',
    ...Object.entries(c)
      .filter(([k]) => k !== 'dashboard' && (created || !DEMO_SECRETS.has(k)))
      .map(([k, v]) => `  ${k.padEnd(19)} ${String(v)}`),
    // the control panel's sign-in (docs/dashboard.md): its password is a secret like the others
    ...(c.dashboard
      ? [
          `  dashboard.email     ${c.dashboard.email}`,
          ...(created ? [`  dashboard.password  ${c.dashboard.password}`] : []),
        ]
      : []),
    created
      ? `  (also in ${file}; later starts print no secrets)`
      : `  secrets (apiKey, merchantSecretKey, webhookSecret, dashboard.password): in ${file}`,
    '',
  ];
  process.stderr.write(lines.join('\n') + '\n');
}

async function migrate(values: OptionValues): Promise<void> {
  const rt = await openRuntime(configFrom(values));
  console.log(rt.migrated.length ? `applied: ${rt.migrated.join(', ')}` : 'store is up to date');
  await rt.store.close();
}

async function worker(values: OptionValues): Promise<void> {
  const config = configFrom(values);
  await requireStore(config);
  await runWorker(await openRuntime(config));
}

const withCommon = (spec: CommandSpec): CommandSpec => ({ ...spec, options: { ...spec.options, ...commonOptions } });

const entries: ProgramEntry[] = [
  { spec: startSpec, action: start },
  { spec: migrateSpec, action: migrate },
  { spec: withCommon(workerSpec), action: worker },
  { spec: listenSpec, action: (values) => listenCommand(values) },
  {
    spec: withCommon(triggerSpec),
    action: (values, positionals) =>
      runTrigger(values, positionals, {
        open: async (v) => (await requireStore(configFrom(v)), openRuntime(configFrom(v))),
        dataDir: (v) => configFrom(v).dataDir,
        print: (s) => console.log(s),
        width: helpWidth,
      }),
  },
  ...commands.map((cmd): ProgramEntry => ({
    spec: withCommon(cmd.spec),
    async action(values, positionals) {
      const config = configFrom(values);
      // Only start and migrate make a store: a typo in --data-dir must not create one.
      await requireStore(config);
      const rt = await openRuntime(config);
      try {
        const out = await cmd.run(rt, values, positionals);
        console.log(values.json ? JSON.stringify(out.json, null, 2) : out.text);
      } finally {
        await rt.store.close();
      }
    },
  })),
];

/** The server package's version (`gatehouse --version`), read from its package.json beside src/ and dist/. */
function packageVersion(): string {
  const pkg = createRequire(import.meta.url)('../package.json') as { version?: string };
  return pkg.version ?? '0.0.0';
}

async function main(argv: string[]): Promise<void> {
  const program = buildProgram(entries, {
    description: 'Gatehouse, a self-hostable payment gateway with a simulated acquirer. Every command takes --help.',
    helpAfter: configText,
    version: packageVersion(),
  });
  await program.parseAsync(normalizeArgv(program, argv), { from: 'user' });
}

main(process.argv.slice(2)).catch((err: unknown) => {
  // commander has printed its own message (or the help) already.
  if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : USAGE_EXIT);
  if (err instanceof UsageError || err instanceof DomainError) {
    console.error(`gatehouse: ${err.message}`);
    process.exit(USAGE_EXIT);
  }
  console.error(`gatehouse: ${(err as Error).message ?? err}`);
  if (process.env.LOG_LEVEL === 'debug') console.error(err);
  process.exit(1);
});
