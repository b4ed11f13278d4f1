import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliJson } from './cli-process.js';
import { type DialectName, dialects, freshPgSchema } from './dialects.js';
import { type Gateway, startGateway } from './harness.js';

/**
 * `gatehouse trigger`, `gatehouse sandbox load` and `gatehouse sandbox reset` as child processes on a
 * real store (docs/sandbox.md): the example fixtures load, load again making nothing, a bad file is
 * refused naming its line and field, a trigger on the store makes real rows, production mode refuses.
 */
const EXAMPLE = resolve(import.meta.dirname, '..', '..', '..', 'docs', 'fixtures.example.yaml');

/** What a `gatehouse` child process needs to open the gateway's store (its PostgreSQL schema and key). */
function storeEnv(gw: Gateway): Record<string, string> {
  const env: Record<string, string> = {};
  if (gw.rt.config.DATABASE_URL) env.DATABASE_URL = gw.rt.config.DATABASE_URL;
  if (gw.rt.config.GATEHOUSE_MASTER_KEY) env.GATEHOUSE_MASTER_KEY = gw.rt.config.GATEHOUSE_MASTER_KEY;
  return env;
}

describe.each(dialects())('sandbox CLI on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let env: Record<string, string>;

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    env = storeEnv(gw);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('loads docs/fixtures.example.yaml, and a second load makes nothing twice', { timeout: 120_000 }, async () => {
    const first = await cliJson(gw.dataDir, ['sandbox', 'load', EXAMPLE], env);
    expect(first.created).toEqual({ merchants: 2, sites: 3, users: 2, upos: 3, plans: 2 });
    const shop = first.merchants[0];
    expect(shop).toMatchObject({ name: 'Fixture Shop', created: true, apiKey: expect.stringMatching(/^gh_key_/) });
    const alice = shop.sites[0].users[0];
    expect(alice.upos.map((u: { last4: string }) => u.last4)).toEqual(['1390', '4444']);
    // the card is sealed: no clear number in the store
    const rows = await gw.rt.store.db
      .selectFrom('user_payment_options')
      .selectAll()
      .where('user_token_id', '=', 'alice')
      .execute();
    expect(JSON.stringify(rows)).not.toContain('4761344136141390');
    const vault = await gw.rt.store.db.selectFrom('card_vault').selectAll().execute();
    expect(JSON.stringify(vault)).not.toContain('4761344136141390');

    const second = await cliJson(gw.dataDir, ['sandbox', 'load', EXAMPLE], env);
    expect(second.created).toEqual({ merchants: 0, sites: 0, users: 0, upos: 0, plans: 0 });
    expect(second.merchants[0]).toMatchObject({ merchantId: shop.merchantId, created: false });
    expect(second.merchants[0].apiKey).toBeUndefined();
    expect(
      second.merchants[0].sites[0].users[0].upos.map((u: { userPaymentOptionId: string }) => u.userPaymentOptionId),
    ).toEqual(alice.upos.map((u: { userPaymentOptionId: string }) => u.userPaymentOptionId));
    const plans = await gw.rt.store.db.selectFrom('plans').select('name').execute();
    expect(plans.map((p) => p.name).sort()).toEqual(['Monthly Gold', 'Weekly']);
  });

  it.each([
    [
      'a card without holderName',
      '              - number: "4761344136141390"\n                expiry: 12/30\n',
      ': merchants[0].sites[0].users[0].cards[0].holderName: is required',
    ],
    [
      'a CVV',
      '              - number: "4761344136141390"\n                expiry: 12/30\n                holderName: A\n                cvv: "123"\n',
      ':11: merchants[0].sites[0].users[0].cards[0].cvv: a CVV is never stored',
    ],
    [
      'an unquoted card number',
      '              - number: 4761344136141390\n                expiry: 12/30\n                holderName: A\n',
      ':8: merchants[0].sites[0].users[0].cards[0].number: must be quoted',
    ],
    [
      'a bad expiry',
      '              - number: "4761344136141390"\n                expiry: 13/30\n                holderName: A\n',
      ':9: merchants[0].sites[0].users[0].cards[0].expiry: is not valid: MM/YY',
    ],
  ])(
    'refuses a file with %s, naming the line and field, and writes nothing',
    { timeout: 60_000 },
    async (_what, cards, message) => {
      const file = join(gw.dataDir, 'bad.yaml');
      await writeFile(
        file,
        `merchants:\n  - name: Bad Shop\n    sites:\n      - name: bad\n        users:\n          - userTokenId: u1\n            cards:\n${cards}`,
      );
      const r = await cli(gw.dataDir, ['sandbox', 'load', file], env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${file}${message}`);
      const merchants = await gw.rt.store.db
        .selectFrom('merchants')
        .select('name')
        .where('name', '=', 'Bad Shop')
        .execute();
      expect(merchants).toEqual([]);
    },
  );

  it('refuses a file that is not YAML, or has an unknown field', { timeout: 60_000 }, async () => {
    const file = join(gw.dataDir, 'bad2.yaml');
    await writeFile(file, 'merchants:\n  - name: [unclosed\n');
    expect((await cli(gw.dataDir, ['sandbox', 'load', file], env)).stderr).toMatch(/bad2\.yaml:\d+: not valid YAML/);
    await writeFile(file, 'merchants:\n  - name: S\n    sitez: []\n');
    expect((await cli(gw.dataDir, ['sandbox', 'load', file], env)).stderr).toContain(
      'bad2.yaml:3: merchants[0]: unknown field "sitez"',
    );
  });

  it('triggers a scenario on the store, and resets one merchant leaving the other', { timeout: 120_000 }, async () => {
    const r = await cliJson(gw.dataDir, ['trigger', 'refund', '--site', gw.demo.merchantSiteId], env);
    expect(r.made.map((m: { kind: string; status: string }) => `${m.kind}:${m.status}`)).toEqual([
      'order:open',
      'transaction:approved',
      'transaction:approved',
    ]);
    const fixtureShop = (await gw.rt.store.db
      .selectFrom('merchants')
      .select('id')
      .where('name', '=', 'Fixture Shop')
      .executeTakeFirst())!;
    const other = await cliJson(gw.dataDir, ['trigger', 'payout', '--merchant', fixtureShop.id], env);
    expect(other.merchantId).toBe(fixtureShop.id);

    const reset = await cliJson(gw.dataDir, ['sandbox', 'reset', '--merchant', gw.demo.merchantId], env);
    expect(reset.deleted.transactions).toBe(2);
    expect(await gw.rt.deps.storage.read.payments.find(r.made[1].id)).toBeUndefined();
    expect(await gw.rt.deps.storage.read.payments.find(other.made[2].id)).toMatchObject({ status: 'approved' });
    const users = await gw.rt.store.db
      .selectFrom('users')
      .select('user_token_id')
      .where('merchant_id', '=', fixtureShop.id)
      .execute();
    expect(users.length).toBe(3);
  });

  it('lists the scenarios, and refuses bad usage and production mode', { timeout: 240_000 }, async () => {
    const list = await cli(gw.dataDir, ['trigger', '--list'], env);
    expect(list.code).toBe(0);
    for (const name of ['approved', '3ds-challenge', 'withdrawal-settled', 'subscription-failed', 'kyc-approved'])
      expect(list.stdout).toContain(name);
    expect((await cli(gw.dataDir, ['trigger'], env)).stderr).toContain('missing argument: <scenario>');
    expect((await cli(gw.dataDir, ['trigger', 'nope'], env)).stderr).toContain('unknown scenario: nope');
    expect((await cli(gw.dataDir, ['sandbox', 'reset', '--all'], env)).stderr).toContain('confirm with --yes');
    const prod = { ...env, GATEHOUSE_MODE: 'production' };
    for (const args of [
      ['trigger', 'approved'],
      ['sandbox', 'reset', '--merchant', gw.demo.merchantId],
      ['sandbox', 'load', EXAMPLE],
    ]) {
      const r = await cli(gw.dataDir, args, prod);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toContain('sandbox only');
    }
  });
});

describe.each(dialects())('sandbox reset --all on %s', (dialect: DialectName) => {
  it(
    "empties every merchant's rows of its own store, keeps the migrations, and never touches another schema's tables",
    { timeout: 120_000 },
    async () => {
      const gw = await startGateway({ dialect });
      // another application in the same database: a table named as one of ours, and one we do not have
      const otherSchema = dialect === 'postgres' ? await freshPgSchema() : undefined;
      const other = otherSchema ? new pg.Client({ connectionString: otherSchema.url }) : undefined;
      try {
        const env = storeEnv(gw);
        if (other) {
          await other.connect();
          await other.query('CREATE TABLE merchants (id text PRIMARY KEY)');
          await other.query('CREATE TABLE invoices (id text PRIMARY KEY)');
          await other.query("INSERT INTO merchants VALUES ('theirs')");
          await other.query("INSERT INTO invoices VALUES ('theirs')");
        }
        await cliJson(gw.dataDir, ['trigger', 'refund', '--site', gw.demo.merchantSiteId], env);

        const reset = await cliJson(gw.dataDir, ['sandbox', 'reset', '--all', '--yes'], env);
        expect(reset.all).toBe(true);
        expect(reset.deleted).toMatchObject({ merchants: 1, transactions: 2 });
        expect(reset.deleted).not.toHaveProperty('invoices');
        expect(reset.deleted).not.toHaveProperty('kysely_migration');
        expect(await gw.rt.store.db.selectFrom('merchants').select('id').execute()).toEqual([]);
        expect(await gw.rt.store.db.selectFrom('transactions').select('id').execute()).toEqual([]);
        expect((await gw.request('GET', '/ready')).json).toMatchObject({ store: 'up', migrations: 'done' });
        if (other) {
          expect((await other.query('SELECT id FROM merchants')).rows).toEqual([{ id: 'theirs' }]);
          expect((await other.query('SELECT id FROM invoices')).rows).toEqual([{ id: 'theirs' }]);
        }
      } finally {
        await other?.end();
        await otherSchema?.drop();
        await gw.close();
      }
    },
  );
});
