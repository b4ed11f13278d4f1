/**
 * The contract of a `gatehouse` command module: a `CommandSpec` (name, summary, options, positionals)
 * and a `run`. `cli/program.ts` turns the specs into a commander program (parsing, generated help);
 * a command module never parses argv itself.
 */

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
  /** the usage line after `gatehouse`, when `<name> [options]` says too little */
  usage?: string;
  options: Record<string, OptionSpec>;
  positionals?: string[];
}

/** Parsed option values, by the option names of the spec (`no-demo` is `true` when given). */
export type OptionValues = Record<string, string | boolean | undefined>;

/** Bad usage: reported as one `gatehouse: …` line, exit code 2. */
export class UsageError extends Error {}
