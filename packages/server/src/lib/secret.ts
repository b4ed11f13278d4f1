import { inspect } from 'node:util';

const REDACTED = '[redacted]';

/**
 * A value that must not leak: card numbers, CVVs, API keys, merchant secrets. It prints, logs and
 * serialises as `[redacted]`; `expose()` is called only where the value is hashed, encrypted or sent.
 */
export class Secret<T = string> {
  readonly #value: T;
  constructor(value: T) {
    this.#value = value;
  }
  expose(): T {
    return this.#value;
  }
  toString(): string {
    return REDACTED;
  }
  toJSON(): string {
    return REDACTED;
  }
  [inspect.custom](): string {
    return REDACTED;
  }
}
