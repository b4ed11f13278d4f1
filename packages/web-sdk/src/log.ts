/**
 * `logLevel` (docs/web-sdk.md): 0 no logging (default), 1 plain text, 2 info, 3 warn, 4 error, 5 debug,
 * 6 trace. A level logs its own messages and those of the levels below it; nothing logged ever
 * carries card data (the SDK never holds any).
 */
export type LogLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
  trace(...args: unknown[]): void;
}

export function levelOf(value: unknown): LogLevel {
  const n = Number(value ?? 0);
  return (Number.isInteger(n) && n >= 0 && n <= 6 ? n : 0) as LogLevel;
}

/** Which messages a level shows (errors and warnings are the most important, traces the least). */
const RANK = { error: 1, warn: 2, info: 3, debug: 5, trace: 6 } as const;

export function createLogger(
  level: LogLevel,
  sink: Pick<Console, 'log' | 'info' | 'warn' | 'error' | 'debug'> = console,
): Logger {
  const make =
    (kind: keyof typeof RANK) =>
    (...args: unknown[]) => {
      if (level === 0) return;
      // 1 is plain text: every message, as plain console.log lines
      if (level === 1) return sink.log('[gatehouse]', ...args);
      const threshold = level === 2 ? 3 : level === 3 ? 2 : level === 4 ? 1 : level;
      if (RANK[kind] > threshold) return;
      const out = kind === 'trace' ? sink.debug : sink[kind];
      out.call(sink, '[gatehouse]', ...args);
    };
  return { info: make('info'), warn: make('warn'), error: make('error'), debug: make('debug'), trace: make('trace') };
}
