import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DataFolderInUse, lockDataFolder } from '../bootstrap/data-folder-lock.js';
import { DEMO_FILE } from '../bootstrap/demo.js';
import { loadFixtures, type LoadSummary } from '../domain/sandbox/fixtures.service.js';
import { sandboxContextOf } from '../domain/sandbox/sandbox-context.js';
import { resetMerchantData, resetWholeStore } from '../store/sandbox-reset.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';
import { FixtureError, parseFixtures } from './fixtures.parse.js';
import { refuseProduction } from './trigger.command.js';

/**
 * `gatehouse sandbox reset` and `gatehouse sandbox load` (docs/sandbox.md, docs/decisions/0931, 0932):
 * a merchant's sandbox data deleted (or the whole store's, confirmed), and fixtures loaded for
 * repeatable CI. Sandbox mode only.
 */

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };
const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

const deletedText = (deleted: Record<string, number>) => {
  const rows = Object.entries(deleted).filter(([, n]) => n > 0);
  return rows.length ? rows.map(([t, n]) => `  ${t.padEnd(28)} ${n}`).join('\n') : '  (nothing to delete)';
};

function loadText(r: LoadSummary): string {
  const c = r.created;
  const lines = [
    `created: ${c.merchants} merchants, ${c.sites} sites, ${c.users} users, ${c.upos} stored cards, ${c.plans} plans`,
  ];
  for (const m of r.merchants) {
    lines.push('', `merchant ${m.merchantId}  ${m.name}${m.created ? '  (new)' : ''}`);
    if (m.apiKey)
      lines.push(`  processingEntityId  ${m.processingEntityId}`, `  apiKey              ${m.apiKey}   (shown once)`);
    for (const s of m.sites) {
      lines.push(`  site ${s.merchantSiteId}  ${s.name}${s.created ? '  (new)' : ''}`);
      if (s.merchantSecretKey)
        lines.push(
          `    merchantSecretKey ${s.merchantSecretKey}   (shown once)`,
          `    webhookSecret     ${s.webhookSecret}   (shown once)`,
        );
      for (const u of s.users) {
        const upos = u.upos.map((p) => `${p.userPaymentOptionId} (*${p.last4})${p.created ? ' new' : ''}`).join(', ');
        lines.push(`    user ${u.userTokenId}${u.created ? ' (new)' : ''}${upos ? `: ${upos}` : ''}`);
      }
      for (const p of s.plans) lines.push(`    plan ${p.planId}  ${p.name}${p.created ? '  (new)' : ''}`);
    }
  }
  return lines.join('\n');
}

export const sandboxCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'sandbox reset',
      usage: 'sandbox reset (--merchant <merchantId> | --site <siteId> | --all --yes) [options]',
      summary:
        "Sandbox: delete a merchant's orders, payments, users, stored cards, plans, subscriptions, withdrawals, sellers and notifications, keeping its sites, keys and settings (other merchants untouched); --all --yes empties the whole store (stop the server first).",
      options: {
        merchant: { type: 'string', placeholder: 'merchantId', description: "Reset this merchant's data" },
        site: { type: 'string', placeholder: 'siteId', description: "Reset the data of this site's merchant" },
        all: {
          type: 'boolean',
          description: "Every merchant's data and the merchants themselves: the store as new (needs --yes)",
        },
        yes: { type: 'boolean', description: 'Confirm --all' },
        json,
      },
    },
    async run(rt, v) {
      refuseProduction(rt);
      const merchantId = str(v.merchant);
      const siteId = str(v.site);
      if (v.all) {
        if (merchantId !== undefined || siteId !== undefined)
          throw new UsageError('--all resets every merchant: give it without --merchant or --site');
        if (!v.yes) throw new UsageError('--all deletes every merchant and all their data: confirm with --yes');
        // On SQLite a running server holds the data folder: refused then, as its caches would outlive the rows.
        let lock: ReturnType<typeof lockDataFolder> | undefined;
        if (rt.store.file) {
          try {
            lock = lockDataFolder(rt.config.dataDir, { pid: process.pid, port: 0, now: new Date(rt.clock.now()) });
          } catch (err) {
            if (err instanceof DataFolderInUse) throw new Error(`stop the server first: ${err.message}`);
            throw err;
          }
        }
        try {
          const deleted = await rt.store.write((trx) => resetWholeStore(trx, rt.store.dialect));
          await rm(join(rt.config.dataDir, DEMO_FILE), { force: true });
          return {
            json: { all: true, deleted },
            text: `store reset: every merchant deleted (the next gatehouse start creates a new demo merchant)\n${deletedText(deleted)}`,
          };
        } finally {
          lock?.release();
        }
      }
      if (v.yes) throw new UsageError('--yes confirms --all only');
      if ((merchantId === undefined) === (siteId === undefined))
        throw new UsageError('give --merchant or --site (or --all --yes)');
      let target = merchantId;
      if (siteId !== undefined) target = (await sandboxContextOf(rt.deps, { operator: true }, siteId)).merchantId;
      else if (!(await rt.deps.storage.read.merchants.findMerchant(target!)))
        throw new UsageError(`--merchant ${target} names no merchant`);
      const deleted = await rt.store.write((trx) => resetMerchantData(trx, target!));
      return {
        json: { merchantId: target, deleted },
        text: `merchant ${target} reset (its sites, keys and settings kept)\n${deletedText(deleted)}`,
      };
    },
  },
  {
    spec: {
      name: 'sandbox load',
      usage: 'sandbox load <file.yaml> [options]',
      summary:
        'Sandbox: load fixtures (merchants, sites, users, stored cards, plans) from a YAML file, checked first; loading it again makes nothing twice. See docs/fixtures.example.yaml.',
      options: { json },
      positionals: ['file'],
    },
    async run(rt, v, positionals) {
      refuseProduction(rt);
      const file = positionals[0]!;
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
      let fixtures;
      try {
        fixtures = parseFixtures(text, file);
      } catch (err) {
        if (err instanceof FixtureError) throw new UsageError(err.message);
        throw err;
      }
      const r = await loadFixtures(rt.deps, fixtures);
      return { json: r, text: loadText(r) };
    },
  },
];
