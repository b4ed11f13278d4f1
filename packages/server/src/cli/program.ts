import { Command, CommanderError, Option } from 'commander';
import { type CommandSpec, type OptionValues, UsageError } from './args.js';

/**
 * Builds the `gatehouse` commander program from command specs, generically: a spec named `a b`
 * becomes the sub-command `b` of the group `a`; its options, positionals and help come from the spec.
 * Adding a command is adding an entry; adding an option is adding one to its spec.
 */

export interface ProgramEntry {
  spec: CommandSpec;
  action(values: OptionValues, positionals: string[]): Promise<void>;
}

export interface ProgramOptions {
  description: string;
  /** text after the top-level help (the configuration) */
  helpAfter(width: number): string;
  /** stdout/stderr, for tests */
  write?: { out(s: string): void; err(s: string): void };
  /** printed by `gatehouse --version` (and `-V`) */
  version?: string;
}

/** The exit code of bad usage, as before the move to commander. */
export const USAGE_EXIT = 2;

/** The terminal's width, as commander wraps its help; 80 when stdout is not a terminal. */
export const helpWidth = () => (process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 80);

const fullName = (cmd: Command): string => {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
};

export function buildProgram(entries: ProgramEntry[], o: ProgramOptions): Command {
  const out = o.write?.out ?? ((s: string) => process.stdout.write(s));
  const err = o.write?.err ?? ((s: string) => process.stderr.write(s));
  const leaves: Command[] = [];
  const program = new Command('gatehouse')
    .usage('<command> [options]')
    .description(o.description)
    .exitOverride()
    .configureOutput({
      writeOut: out,
      writeErr: err,
      // One line, in the shape of every other CLI error.
      outputError: (text, write) => write(`gatehouse: ${text.replace(/^error: /, '').trimEnd()}\n`),
    })
    .configureHelp({
      // The top level lists every leaf command by its full name; a group lists its own.
      visibleCommands: (cmd) => (cmd.parent ? [...cmd.commands] : leaves),
      subcommandTerm: (cmd) => fullName(cmd),
    })
    .helpCommand(false);
  if (o.version) program.version(o.version, '-V, --version', 'print the version and exit');
  program.addHelpText('after', () => '\n' + o.helpAfter(helpWidth()));

  const groups = new Map<string, Command>();
  for (const entry of entries) {
    const words = entry.spec.name.split(' ');
    let parent = program;
    if (words.length === 2) {
      let group = groups.get(words[0]!);
      if (!group) {
        group = program.command(words[0]!).usage('<command> [options]');
        const g = group;
        group.action(() => g.outputHelp());
        groups.set(words[0]!, group);
      }
      parent = group;
    }
    leaves.push(leafCommand(parent, words.at(-1)!, entry));
  }
  // A group's commands side by side, in the order the groups first appear.
  const order = [...groups.values()];
  leaves.sort((a, b) => order.indexOf(a.parent!) - order.indexOf(b.parent!));
  for (const [name, group] of groups) group.description(`${name}: ${group.commands.map((c) => c.name()).join(', ')}`);
  return program;
}

function leafCommand(parent: Command, name: string, entry: ProgramEntry): Command {
  const { spec } = entry;
  const cmd = parent.command(name).description(spec.summary).allowExcessArguments(true);
  if (spec.usage) cmd.usage(spec.usage.slice(spec.name.length + 1));
  else cmd.usage(`${(spec.positionals ?? []).map((p) => `<${p}> `).join('')}[options]`);
  // Positionals are counted here, not by commander, for the messages the CLI always gave.
  for (const p of spec.positionals ?? []) cmd.argument(`[${p}]`);
  const options = Object.entries(spec.options).map(([optName, s]) => {
    const flags = s.type === 'string' ? `--${optName} <${s.placeholder ?? 'value'}>` : `--${optName}`;
    const option = new Option(flags, `${s.description}${s.required ? ' (required)' : ''}`);
    cmd.addOption(option);
    return { optName, spec: s, option };
  });
  cmd.action(async () => {
    const parsed = cmd.opts();
    const values: OptionValues = {};
    for (const { optName, option } of options) {
      const v = parsed[option.attributeName()] as string | boolean | undefined;
      // `--no-x` is commander's negation of `x`: true in the spec's terms when given.
      values[optName] = option.negate ? (v === false ? true : undefined) : v;
    }
    for (const { optName, spec: s } of options) {
      if (s.required && values[optName] === undefined) throw new UsageError(`missing option --${optName}`);
    }
    const max = spec.positionals?.length ?? 0;
    const given = cmd.args;
    if (given.length > max) throw new UsageError(`unexpected argument: ${given[max]}`);
    // a positional named `name?` may be left out (`trigger --list`)
    const required = (spec.positionals ?? []).filter((p) => !p.endsWith('?')).length;
    if (given.length < required) throw new UsageError(`missing argument: <${spec.positionals![given.length]}>`);
    await entry.action(values, given);
  });
  return cmd;
}

/**
 * The argv commander is given: `gatehouse` alone prints the help and starts nothing (a server starts
 * only when asked, `gatehouse start`, docs/decisions/0820); options without a command are refused, and
 * so is a command that is not one, by name, before commander sees it.
 */
export function normalizeArgv(program: Command, argv: string[]): string[] {
  const [first, second] = argv;
  if (first === '-h' || first === '--help' || first === '-V' || first === '--version') return argv;
  if (first === undefined) return ['--help'];
  if (first.startsWith('-'))
    throw new UsageError(
      `a command is needed before ${first}: \`gatehouse start ${argv.join(' ')}\` runs the server (see gatehouse --help)`,
    );
  if (first === 'help') return [...argv.slice(1), '--help'];
  const top = program.commands.find((c) => c.name() === first);
  if (!top) throw new UsageError(`unknown command: ${first} (see gatehouse --help)`);
  if (
    top.commands.length > 0 &&
    second !== undefined &&
    !second.startsWith('-') &&
    !top.commands.some((c) => c.name() === second)
  ) {
    throw new UsageError(`unknown command: ${first} ${second} (see gatehouse ${first} --help)`);
  }
  return argv;
}

export { CommanderError };
