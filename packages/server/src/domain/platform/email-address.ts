import { Invalid } from '../errors.js';

/**
 * One address of an e-mail configuration: a `local@domain` mailbox without display name, comments or
 * quoting (what an operator types in the dashboard's Email field). Deliberately strict: a typo is
 * refused now rather than bounced later (docs/decisions/0703).
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isEmailAddress(text: string): boolean {
  if (text.length > 254) return false;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((l) => LABEL.test(l)) && /[A-Za-z]/.test(labels[labels.length - 1]!);
}

/** Parses the comma-separated `emails` field (docs/platform.md): every address valid, at least one, at most 50, no repeats. */
export function parseEmailList(text: string, field = 'emails'): string[] {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length > 50) throw new Invalid(field, 'must hold at most 50 addresses');
  const out: string[] = [];
  for (const [i, p] of parts.entries()) {
    if (p === '') throw new Invalid(field, `address ${i + 1} is empty`);
    if (!isEmailAddress(p)) throw new Invalid(field, `'${p.slice(0, 64)}' is not a valid e-mail address`);
    if (!out.some((o) => o.toLowerCase() === p.toLowerCase())) out.push(p);
  }
  return out;
}
