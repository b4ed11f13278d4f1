import type { Runtime } from '../runtime.js';
import type { CommandSpec } from './args.js';

/** `gatehouse worker`: a process that only relays notifications (webhooks, DMNs) from the outbox. */
export const workerSpec: CommandSpec = {
  name: 'worker',
  summary: 'Run a notification relay alone (no HTTP): deliver queued webhooks and DMNs until stopped.',
  options: {
    'log-level': { type: 'string', placeholder: 'level', description: 'Log level (LOG_LEVEL, default info)' },
  },
};

/** Runs a relay until SIGTERM or SIGINT, then lets the attempts in flight settle and exits. */
export async function runWorker(rt: Runtime): Promise<void> {
  // loaded here, not with the command table: every other command starts without them
  const [{ pino }, { bridgeNodes }, { ListenHub }, { startRelay }, { loggerOptions }] = await Promise.all([
    import('pino'),
    import('../delivery/listen-bridge.js'),
    import('../delivery/listen-hub.js'),
    import('../delivery/relay.js'),
    import('../http/logging.js'),
  ]);
  const log = pino(loggerOptions(rt.config.LOG_LEVEL));
  if (rt.migrated.length > 0) log.info({ migrations: rt.migrated }, 'store migrated');
  // what this relay sends reaches `gatehouse listen` on the HTTP nodes (sandbox, PostgreSQL: ADR 0961)
  const hub = new ListenHub({ epoch: rt.ids.token(10) });
  const bridge = await bridgeNodes(hub, rt.store, rt.config, { nodeId: hub.epoch, log });
  const relay = startRelay({ ...rt, ...(bridge ? { listen: hub } : {}) }, log);
  process.stderr.write(`Gatehouse notification relay ${relay.id} running (store: ${rt.store.file ?? 'postgres'})\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log.info({ signal }, 'relay stopping');
      resolve();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  await relay.stop();
  await bridge?.close();
  await rt.store.close();
}
