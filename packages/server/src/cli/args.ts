import { parseArgs } from 'node:util';

export interface OptionSpec {
  type: 'string' | 'boolean';
  description: string;
  /** shown in help as `--name <placeholder>` */
  placeholder?: string;
  required?: boolean;
}

export interface CommandSpec {
  /** e.g. `keys create` */
  name: string;
  summary: string;
  usage?: string;
  options: Record<string, OptionSpec>;
  positionals?: string[];
}

export class UsageError extends Error {}

export function helpText(cmd: CommandSpec): string {
  const lines = [`Usage: gatehouse ${cmd.usage ?? cmd.name + ' [options]'}`, '', cmd.summary, '', 'Options:'];
  const opts = { ...cmd.options, help: { type: 'boolean', description: 'Show this help' } as OptionSpec };
  for (const [name, o] of Object.entries(opts)) {
    const flag = o.type === 'string' ? `--${name} <${o.placeholder ?? 'value'}>` : `--${name}`;
    lines.push(`  ${flag.padEnd(30)} ${o.description}${o.required ? ' (required)' : ''}`);
  }
  return lines.join('\n');
}

/** Parses argv for one command; `undefined` means help was asked for. */
export function parseCommand(cmd: CommandSpec, argv: string[]) {
  const options: Record<string, { type: 'string' | 'boolean' }> = { help: { type: 'boolean' } };
  for (const [name, o] of Object.entries(cmd.options)) options[name] = { type: o.type };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (parsed.values.help) return undefined;
  const max = cmd.positionals?.length ?? 0;
  if (parsed.positionals.length > max) throw new UsageError(`unexpected argument: ${parsed.positionals[max]}`);
  if (parsed.positionals.length < max) throw new UsageError(`missing argument: <${cmd.positionals![parsed.positionals.length]}>`);
  for (const [name, o] of Object.entries(cmd.options)) {
    if (o.required && parsed.values[name] === undefined) throw new UsageError(`missing option --${name}`);
  }
  return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
}
