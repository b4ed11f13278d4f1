import cluster from 'node:cluster';

/**
 * `gatehouse start --cluster N` (docs/decisions/0804): the primary prepares the store once (migrations,
 * demo merchant), then forks N workers that each run the whole server (HTTP and relay) on the same port,
 * node:cluster handing connections round robin. A worker that dies is forked again; SIGTERM/SIGINT are
 * passed to the workers, which drain and exit, then the primary exits; SIGHUP (TLS reload) is passed on.
 */

/** The worker count of `--cluster`, or undefined for one process. */
export function clusterSize(value: string | boolean | undefined): number | undefined {
  if (value === undefined || value === false) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error('--cluster takes a number of workers from 1 to 256');
  return n;
}

export const isClusterWorker = () => cluster.isWorker;

export function runClusterPrimary(workers: number, log: (line: string) => void): Promise<void> {
  let stopping = false;
  const env = { GATEHOUSE_DEMO: 'false' };
  for (let i = 0; i < workers; i++) cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`gatehouse: worker ${worker.process.pid} exited (${signal ?? code}); starting another in 1 s`);
    setTimeout(() => cluster.fork(env), 1000);
  });
  const forward = (signal: NodeJS.Signals) => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
  };
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    forward(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => forward('SIGHUP'));
  log(`Gatehouse cluster: ${workers} workers (primary ${process.pid})`);
  return new Promise(() => {});
}
