import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/**
 * The parent/child protocol of the benchmark servers, over the fork IPC channel.
 *   child → `{ type: 'ready', url, ...extra }` once listening.
 *   parent → `{ type: 'call', id, op, arg }`, child → `{ type: 'reply', id, value | error }`, where op is
 *     `usage`          this process's CPU time and event-loop use so far
 *     `profile-start`  start the V8 CPU profiler (arg: sampling interval, µs)
 *     `profile-stop`   stop it and write the `.cpuprofile` (arg: file path)
 *     `stop`           close the server, reply with its stats, then exit 0
 * The child also stops when the channel closes (the parent died).
 */
export interface ReadyMessage {
  type: 'ready';
  url: string;
  apiKey?: string;
  processingEntityId?: string;
  /** the demo site's session API credentials */
  session?: { merchantId: string; merchantSiteId: string; merchantSecretKey: string };
  dataDir?: string;
}

/** child → parent while it prepares (the preload): the parent draws the progress bar. */
export interface ProgressMessage {
  type: 'progress';
  done: number;
  total: number;
}

export interface CallMessage {
  type: 'call';
  id: number;
  op: 'usage' | 'profile-start' | 'profile-stop' | 'stop';
  arg?: unknown;
}

export interface ReplyMessage {
  type: 'reply';
  id: number;
  value?: unknown;
  error?: string;
}

export type ChildMessage = ReadyMessage | ReplyMessage | ProgressMessage;

export interface Usage {
  cpu: NodeJS.CpuUsage;
  elu: EventLoopUtilization;
  /** CPU time of the main thread alone (µs, 10 ms resolution), where Linux tells it */
  mainThreadUs?: number;
}

/**
 * The main thread's CPU time from /proc (its task id is the process id): the event loop is what one
 * process's throughput is bound by, while worker threads (the store's writer thread, the thread pool)
 * run beside it.
 */
async function mainThreadUs(): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime is the 14th
    // field of the line, stime the 15th, in clock ticks (100 per second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

let session: Session | undefined;

/** Reports how far the preparation got (sent at most every 200 ms, and at the end). */
let lastProgress = 0;
export function progress(done: number, total: number): void {
  const now = performance.now();
  if (done < total && now - lastProgress < 200) return;
  lastProgress = now;
  if (process.send && process.connected) process.send({ type: 'progress', done, total } satisfies ProgressMessage);
}

/**
 * Announces the server to the parent and serves its calls; `stop` closes the server and may
 * return stats for the report.
 */
export async function serve(
  ready: Omit<ReadyMessage, 'type'>,
  stop: () => Promise<Record<string, unknown> | void>,
): Promise<void> {
  let stopping = false;
  const shutdown = async (id?: number) => {
    if (stopping) return;
    stopping = true;
    let value: Record<string, unknown> | undefined;
    let error: string | undefined;
    try {
      value = (await stop()) ?? undefined;
    } catch (err) {
      error = (err as Error).stack ?? String(err);
    }
    if (id !== undefined) await send({ type: 'reply', id, ...(value ? { value } : {}), ...(error ? { error } : {}) });
    process.exit(0);
  };
  process.on('message', (m: CallMessage) => {
    if (m?.type !== 'call') return;
    if (m.op === 'stop') return void shutdown(m.id);
    void handle(m).then(
      (value) => send({ type: 'reply', id: m.id, value }),
      (err: unknown) => send({ type: 'reply', id: m.id, error: (err as Error).stack ?? String(err) }),
    );
  });
  process.on('disconnect', () => void shutdown());
  await send({ type: 'ready', ...ready });
}

async function handle(m: CallMessage): Promise<unknown> {
  switch (m.op) {
    case 'usage': {
      const main = await mainThreadUs();
      return {
        cpu: process.cpuUsage(),
        elu: performance.eventLoopUtilization(),
        ...(main === undefined ? {} : { mainThreadUs: main }),
      } satisfies Usage;
    }
    case 'profile-start':
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: Number(m.arg ?? 1000) });
      await session.post('Profiler.start');
      return true;
    case 'profile-stop': {
      if (!session) throw new Error('profiler not started');
      const { profile } = await session.post('Profiler.stop');
      await writeFile(String(m.arg), JSON.stringify(profile));
      session.disconnect();
      session = undefined;
      return String(m.arg);
    }
    default:
      throw new Error(`unknown op ${String(m.op)}`);
  }
}

export function fail(err: unknown): never {
  process.stderr.write(`bench server failed to start: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
}
