import { ConfigSchema } from '../config.js';

/** Greedy word wrap of `text` to `width` columns, every line prefixed with `indent`. */
export function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** Markdown code spans and emphasis to plain text. */
const plain = (s: string) => s.replace(/`([^`]*)`/g, '$1').replace(/\*\*([^*]*)\*\*/g, '$1');

/**
 * The configuration table as terminal text (the README has it as Markdown): each variable with its
 * default on one line, its meaning wrapped to `width` below it.
 */
export function configText(width: number): string {
  const lines = [
    'Configuration (environment variables; flags of `gatehouse start` where named):'.replaceAll('`', ''),
    '',
  ];
  for (const [name, s] of Object.entries(ConfigSchema.properties)) {
    const schema = s as { default?: unknown; description?: string };
    lines.push(`  ${name}${schema.default === undefined ? '' : ` (default ${String(schema.default)})`}`);
    lines.push(...wrap(plain(schema.description ?? ''), width, '      '));
  }
  return lines.join('\n');
}
