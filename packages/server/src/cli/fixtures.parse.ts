import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type YAMLMap } from 'yaml';
import type {
  FixtureCard,
  FixtureMerchant,
  FixturePlan,
  Fixtures,
  FixtureSite,
  FixtureUser,
} from '../domain/sandbox/fixtures.service.js';
import type { Period } from '../domain/rebilling/ports.js';
import { USER_DETAIL_FIELDS, type UserDetails } from '../domain/users/ports.js';

/**
 * Reads and checks a fixtures file (docs/sandbox.md, docs/decisions/0932) before anything is written:
 * every refusal names the file, the line and the field (`fixtures.yaml:12: merchants[0].sites[0].users[1].cards[0].number: …`).
 */

export class FixtureError extends Error {}

type Where = { node: Node | null | undefined; path: string };

class Reader {
  constructor(
    private readonly file: string,
    private readonly lines: LineCounter,
  ) {}

  fail(at: Where, message: string): never {
    const offset = at.node?.range?.[0];
    const line = offset === undefined ? '' : `:${this.lines.linePos(offset).line}`;
    throw new FixtureError(`${this.file}${line}: ${at.path ? `${at.path}: ` : ''}${message}`);
  }

  map(at: Where, allowed: readonly string[]): YAMLMap {
    if (!isMap(at.node)) this.fail(at, 'must be a mapping (key: value lines)');
    for (const pair of at.node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!allowed.includes(key)) {
        this.fail(
          { node: pair.key as Node, path: at.path },
          `unknown field "${key}" (expected one of ${allowed.join(', ')})`,
        );
      }
    }
    return at.node;
  }

  field(parent: YAMLMap, at: Where, key: string): Where {
    const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    return {
      node: (pair?.value as Node | null | undefined) ?? (pair ? (pair.key as Node) : undefined),
      path: at.path ? `${at.path}.${key}` : key,
    };
  }

  has(parent: YAMLMap, key: string): boolean {
    return parent.items.some((p) => isScalar(p.key) && String(p.key.value) === key);
  }

  string(at: Where, o: { max?: number; pattern?: RegExp; hint?: string; numberOk?: boolean } = {}): string {
    if (!isScalar(at.node) || at.node.value === null || at.node.value === undefined) this.fail(at, 'is required');
    const v = at.node.value;
    if (typeof v !== 'string' && !(o.numberOk && typeof v === 'number'))
      this.fail(at, `must be a text${o.hint ? ` (${o.hint})` : ''}`);
    const s = String(v).trim();
    if (s.length === 0) this.fail(at, 'must not be empty');
    if (o.max !== undefined && s.length > o.max) this.fail(at, `must be at most ${o.max} characters`);
    if (o.pattern && !o.pattern.test(s)) this.fail(at, `is not valid${o.hint ? `: ${o.hint}` : ''}`);
    return s;
  }

  seq(at: Where): Where[] {
    if (at.node === undefined) return [];
    if (!isSeq(at.node)) this.fail(at, 'must be a list (lines starting with "- ")');
    return at.node.items.map((n, i) => ({ node: n as Node, path: `${at.path}[${i}]` }));
  }
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const URL_HINT = 'an http:// or https:// URL';

function url(r: Reader, at: Where): string {
  const s = r.string(at, { max: 2048, hint: URL_HINT });
  let u: URL | undefined;
  try {
    u = new URL(s);
  } catch {
    // expected: not a URL, refused below with the field's hint
    u = undefined;
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) r.fail(at, `must be ${URL_HINT}`);
  return s;
}

function period(r: Reader, at: Where): Period {
  const m = r.map(at, ['day', 'month', 'year']);
  const part = (k: 'day' | 'month' | 'year') => {
    const f = r.field(m, at, k);
    if (f.node === undefined) return '0';
    if (
      !isScalar(f.node) ||
      !Number.isInteger(f.node.value) ||
      (f.node.value as number) < 0 ||
      (f.node.value as number) > 999
    ) {
      r.fail(f, 'must be a whole number from 0 to 999');
    }
    return String(f.node.value);
  };
  return { day: part('day'), month: part('month'), year: part('year') };
}

function card(r: Reader, at: Where): FixtureCard {
  const m = r.map(at, ['number', 'expiry', 'holderName', 'cvv', 'CVV']);
  for (const k of ['cvv', 'CVV']) if (r.has(m, k)) r.fail(r.field(m, at, k), 'a CVV is never stored: leave it out');
  const numberAt = r.field(m, at, 'number');
  if (isScalar(numberAt.node) && typeof numberAt.node.value === 'number') {
    r.fail(numberAt, 'must be quoted ("4761344136141390"): a YAML number may lose digits');
  }
  const number = r.string(numberAt, { pattern: /^\d{12,19}$/, hint: '12 to 19 digits' });
  if (!luhn(number)) r.fail(numberAt, 'fails the Luhn check (see docs/testing.md for test cards)');
  const expiryAt = r.field(m, at, 'expiry');
  const expiry = r.string(expiryAt, {
    pattern: /^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/,
    hint: 'MM/YY or MM/YYYY, e.g. 12/30',
  });
  const [mm, yy] = expiry.split('/') as [string, string];
  return {
    number,
    expMonth: Number(mm),
    expYear: yy.length === 2 ? 2000 + Number(yy) : Number(yy),
    holderName: r.string(r.field(m, at, 'holderName'), { max: 70 }),
  };
}

function user(r: Reader, at: Where): FixtureUser {
  const m = r.map(at, ['userTokenId', 'cards', ...USER_DETAIL_FIELDS]);
  const details: UserDetails = {};
  for (const k of USER_DETAIL_FIELDS) {
    const f = r.field(m, at, k);
    if (f.node !== undefined) details[k] = r.string(f, { max: 255, numberOk: true });
  }
  return {
    userTokenId: r.string(r.field(m, at, 'userTokenId'), { max: 255, numberOk: true }),
    details,
    cards: r.seq(r.field(m, at, 'cards')).map((c) => card(r, c)),
  };
}

const AMOUNT = { pattern: /^\d{1,12}(\.\d{1,3})?$/, hint: 'a decimal amount such as 9.99', numberOk: true };

function plan(r: Reader, at: Where): FixturePlan {
  const m = r.map(at, [
    'name',
    'currency',
    'initialAmount',
    'recurringAmount',
    'recurringPeriod',
    'startAfter',
    'endAfter',
  ]);
  const opt = <T>(k: string, f: (w: Where) => T): T | undefined => {
    const w = r.field(m, at, k);
    return w.node === undefined ? undefined : f(w);
  };
  const initialAmount = opt('initialAmount', (w) => r.string(w, AMOUNT));
  const recurringPeriod = opt('recurringPeriod', (w) => period(r, w));
  const startAfter = opt('startAfter', (w) => period(r, w));
  const endAt = r.field(m, at, 'endAfter');
  if (endAt.node === undefined) r.fail(endAt, 'is required (e.g. endAfter: { year: 1 })');
  return {
    name: r.string(r.field(m, at, 'name'), { max: 100 }),
    currency: r.string(r.field(m, at, 'currency'), { pattern: /^[A-Z]{3}$/, hint: 'an ISO 4217 code such as EUR' }),
    recurringAmount: r.string(r.field(m, at, 'recurringAmount'), AMOUNT),
    ...(initialAmount !== undefined ? { initialAmount } : {}),
    ...(recurringPeriod ? { recurringPeriod } : {}),
    ...(startAfter ? { startAfter } : {}),
    endAfter: period(r, endAt),
  };
}

function site(r: Reader, at: Where): FixtureSite {
  const m = r.map(at, ['name', 'notificationUrl', 'webhookUrl', 'users', 'plans']);
  const notification = r.field(m, at, 'notificationUrl');
  const webhook = r.field(m, at, 'webhookUrl');
  return {
    name: r.string(r.field(m, at, 'name'), { max: 100 }),
    ...(notification.node !== undefined ? { notificationUrl: url(r, notification) } : {}),
    ...(webhook.node !== undefined ? { webhookUrl: url(r, webhook) } : {}),
    users: r.seq(r.field(m, at, 'users')).map((u) => user(r, u)),
    plans: r.seq(r.field(m, at, 'plans')).map((p) => plan(r, p)),
  };
}

function merchant(r: Reader, at: Where): FixtureMerchant {
  const m = r.map(at, ['name', 'sites']);
  const sitesAt = r.field(m, at, 'sites');
  const sites = r.seq(sitesAt).map((s) => site(r, s));
  if (sites.length === 0)
    r.fail(sitesAt.node ? sitesAt : { node: at.node, path: sitesAt.path }, 'must list at least one site');
  const names = new Set<string>();
  sites.forEach((s, i) => {
    if (names.has(s.name)) r.fail(r.seq(sitesAt)[i]!, `names the site "${s.name}" twice`);
    names.add(s.name);
  });
  return { name: r.string(r.field(m, at, 'name'), { max: 100 }), sites };
}

/** The fixtures of a YAML text, checked; a `FixtureError` naming the line and field otherwise. */
export function parseFixtures(text: string, file: string): Fixtures {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const r = new Reader(file, lines);
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const pos = lines.linePos(e.pos[0]);
    throw new FixtureError(`${file}:${pos.line}: not valid YAML: ${e.message.split('\n')[0]}`);
  }
  const root: Where = { node: doc.contents as Node | null, path: '' };
  if (!root.node) throw new FixtureError(`${file}: is empty (expected a "merchants:" list)`);
  const top = r.map(root, ['merchants']);
  const listAt = r.field(top, root, 'merchants');
  if (listAt.node === undefined) r.fail(root, 'needs a "merchants:" list');
  const merchants = r.seq(listAt).map((m) => merchant(r, m));
  const names = new Set<string>();
  merchants.forEach((m, i) => {
    if (names.has(m.name)) r.fail(r.seq(listAt)[i]!, `names the merchant "${m.name}" twice`);
    names.add(m.name);
  });
  return { merchants };
}
