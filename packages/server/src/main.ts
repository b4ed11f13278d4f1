#!/usr/bin/env node
import type { DemoCredentials } from './bootstrap/demo.js';
import { type CommandSpec, helpText, parseCommand, UsageError } from './cli/args.js';
import { credentialCommands } from './cli/credentials.commands.js';
import { notificationCommands } from './cli/notifications.commands.js';
import { apmCommands } from './cli/apm.commands.js';
import { runWorker, startRelay, workerSpec } from './cli/worker.command.js';
import { demoPageEnabled } from './http/demo/demo.plugin.js';
import { type Config, configTable, loadConfig } from './config.js';
import { DomainError } from './domain/errors.js';
import { openRuntime } from './runtime.js';

const commands = [...credentialCommands, ...notificationCommands, ...apmCommands];

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
    'tls-cert': { type: 'string', placeholder: 'file', description: 'PEM certificate: serve HTTPS, HTTP/2 (GATEHOUSE_TLS_CERT)' },
    'tls-key': { type: 'string', placeholder: 'file', description: 'PEM private key (GATEHOUSE_TLS_KEY)' },
    cluster: { type: 'string', placeholder: 'N', description: 'Fork N server processes sharing the port (node:cluster); needs DATABASE_URL' },
    'no-workers': { type: 'boolean', description: 'API only: no notification relay in this process (GATEHOUSE_WORKERS=false)' },
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

function configFrom(values: Record<string, string | boolean | undefined>): Config {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const [flag, name] of Object.entries(FLAG_ENV)) {
    const v = values[flag];
    if (typeof v === 'string') env[name] = v;
  }
  if (values['no-demo']) env.GATEHOUSE_DEMO = 'false';
  if (values['no-workers']) env.GATEHOUSE_WORKERS = 'false';
  return loadConfig(env, process.cwd());
}

function topHelp(): string {
  const cmds = [startSpec, migrateSpec, workerSpec, ...commands.map((c) => c.spec)];
  return [
    'Usage: gatehouse <command> [options]',
    '',
    'Gatehouse, a self-hostable payment gateway with a simulated acquirer.',
    '',
    'Commands:',
    ...cmds.map((c) => `  ${c.name.padEnd(20)} ${c.summary}`),
    '',
    'Every command takes --help. Configuration by environment variable:',
    '',
    configTable(),
  ].join('\n');
}

async function start(argv: string[]): Promise<void> {
  const parsed = parseCommand(startSpec, argv);
  if (!parsed) return void console.log(helpText(startSpec));
  const config = configFrom(parsed.values);
  const { clusterSize, isClusterWorker, runClusterPrimary } = await import('./cli/cluster.js');
  const workers = clusterSize(parsed.values.cluster);
  if (workers !== undefined && !isClusterWorker()) {
    if (!config.DATABASE_URL) throw new UsageError('--cluster needs PostgreSQL (DATABASE_URL): the embedded SQLite store has one writer process');
    // The primary prepares the store once (migrations, demo merchant); the workers serve.
    const prep = await openRuntime(config);
    if (config.GATEHOUSE_DEMO) {
      const { ensureDemoMerchant } = await import('./bootstrap/demo.js');
      const demo = await ensureDemoMerchant(prep.deps, config.dataDir);
      if (demo) printDemo(demo.credentials, demo.created, config);
    }
    await prep.store.close();
    return runClusterPrimary(workers, (line) => process.stderr.write(line + '\n'));
  }
  const rt = await openRuntime(config);
  // The server's modules load only for `start`: the credential commands stay quick.
  const { buildApp } = await import('./app.js');
  const { ensureDemoMerchant } = await import('./bootstrap/demo.js');
  const { recoverPendingTransactions } = await import('./domain/payments/payment.service.js');
  const app = await buildApp(rt);
  if (rt.migrated.length > 0) app.log.info({ migrations: rt.migrated }, 'store migrated');
  // Transactions a crash left pending are closed without a second acquirer call (docs/decisions/0303).
  app.log.info({ recovered: await recoverPendingTransactions(rt.deps, rt.store.file ? { graceMs: 0 } : {}) }, 'pending transactions recovered');
  // Withdrawal requests whose payout the crash cut off take the payout's outcome (docs/decisions/0503).
  const { recoverProcessingWithdrawals } = await import('./domain/withdrawals/withdrawal.service.js');
  app.log.info({ recovered: await recoverProcessingWithdrawals(rt.deps) }, 'withdrawal requests recovered');
  if (config.GATEHOUSE_DEMO) {
    const demo = await ensureDemoMerchant(rt.deps, config.dataDir);
    if (demo) {
      app.log.info({ merchantId: demo.credentials.merchantId, created: demo.created }, 'demo merchant ready');
      printDemo(demo.credentials, demo.created, config);
    }
  }
  let closing = false;
  let relay: ReturnType<typeof startRelay> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await relay?.stop();
    await rt.store.close();
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
  if (config.GATEHOUSE_WORKERS) relay = startRelay(rt, app.log);
  app.log.info({ address, store: rt.store.dialect.name, dataDir: config.dataDir }, 'gatehouse listening');
  process.stderr.write(`\nGatehouse listening on ${address}  (store: ${rt.store.file ?? 'postgres'})\n`);
  if (demoPageEnabled(config)) process.stderr.write(`Demo shop (hosted card fields, DMNs): ${address}/demo\n`);
}

function printDemo(c: DemoCredentials, created: boolean, config: Config): void {
  const lines = [
    '',
    created ? 'Demo merchant created:' : 'Demo merchant:',
    ...Object.entries(c).map(([k, v]) => `  ${k.padEnd(19)} ${v}`),
    `  (also in ${config.dataDir}/demo-credentials.json)`,
    '',
  ];
  process.stderr.write(lines.join('\n') + '\n');
}

async function migrate(argv: string[]): Promise<void> {
  const parsed = parseCommand(migrateSpec, argv);
  if (!parsed) return void console.log(helpText(migrateSpec));
  const rt = await openRuntime(configFrom(parsed.values));
  console.log(rt.migrated.length ? `applied: ${rt.migrated.join(', ')}` : 'store is up to date');
  await rt.store.close();
}

async function worker(argv: string[]): Promise<void> {
  const spec: CommandSpec = { ...workerSpec, options: { ...workerSpec.options, ...commonOptions } };
  const parsed = parseCommand(spec, argv);
  if (!parsed) return void console.log(helpText(spec));
  await runWorker(await openRuntime(configFrom(parsed.values)));
}

async function main(argv: string[]): Promise<void> {
  const [first, second, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') return void console.log(topHelp());
  // `gatehouse` alone, or with start's flags only, starts the server.
  if (first === undefined || first.startsWith('-')) return start(argv);
  if (first === 'start') return start(argv.slice(1));
  if (first === 'migrate') return migrate(argv.slice(1));
  if (first === 'worker') return worker(argv.slice(1));
  const cmd = commands.find((c) => c.spec.name === `${first} ${second}`);
  if (!cmd) {
    const group = commands.filter((c) => c.spec.name.startsWith(`${first} `));
    if (group.length > 0 && (second === undefined || second === '--help' || second === '-h')) {
      return void console.log(group.map((c) => `gatehouse ${c.spec.name.padEnd(18)} ${c.spec.summary}`).join('\n'));
    }
    throw new UsageError(`unknown command: ${argv.slice(0, 2).join(' ')} (see gatehouse --help)`);
  }
  const parsed = parseCommand({ ...cmd.spec, options: { ...cmd.spec.options, ...commonOptions } }, rest);
  if (!parsed) return void console.log(helpText({ ...cmd.spec, options: { ...cmd.spec.options, ...commonOptions } }));
  const rt = await openRuntime(configFrom(parsed.values));
  try {
    const out = await cmd.run(rt, parsed.values, parsed.positionals);
    console.log(parsed.values.json ? JSON.stringify(out.json, null, 2) : out.text);
  } finally {
    await rt.store.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof DomainError) {
    console.error(`gatehouse: ${err.message}`);
    process.exit(2);
  }
  console.error(`gatehouse: ${(err as Error).message ?? err}`);
  if (process.env.LOG_LEVEL === 'debug') console.error(err);
  process.exit(1);
});
