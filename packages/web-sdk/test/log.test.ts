import { describe, expect, it } from 'vitest';
import { createLogger, levelOf } from '../src/log.js';

function sink() {
  const lines: string[] = [];
  const rec =
    (kind: string) =>
    (...args: unknown[]) =>
      lines.push(`${kind} ${args.slice(1).join(' ')}`);
  return {
    lines,
    sink: { log: rec('log'), info: rec('info'), warn: rec('warn'), error: rec('error'), debug: rec('debug') },
  };
}

describe('logLevel', () => {
  it('0 (default) logs nothing', () => {
    const s = sink();
    const log = createLogger(levelOf(undefined), s.sink);
    log.error('x');
    expect(s.lines).toEqual([]);
  });
  it('1 is plain text for every message; 4 errors only; 6 everything', () => {
    const s1 = sink();
    createLogger(1, s1.sink).debug('d');
    expect(s1.lines).toEqual(['log d']);
    const s4 = sink();
    const l4 = createLogger(4, s4.sink);
    l4.warn('w');
    l4.error('e');
    expect(s4.lines).toEqual(['error e']);
    const s6 = sink();
    const l6 = createLogger(6, s6.sink);
    l6.trace('t');
    l6.info('i');
    expect(s6.lines).toEqual(['debug t', 'info i']);
  });
  it('an unknown level is 0', () => expect(levelOf('9')).toBe(0));
});
