import { issueOperatorKey } from '../security/operator-keys.js';
import {
  insertOperatorCredential,
  listOperatorCredentials,
  revokeOperatorCredential,
} from '../store/operator-credentials.repo.js';
import { UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/**
 * Operator credentials (docs/decisions/0824): the admin API's credential distinct from every merchant
 * key. Made here only (no HTTP route makes one), shown once, kept as a hash, revocable.
 */
export const operatorCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'operators create',
      summary: 'Create an operator credential for the admin API (printed once; only its hash is kept).',
      options: {
        name: { type: 'string', placeholder: 'name', description: 'Who or what holds it', required: true },
        json: { type: 'boolean', description: 'Print the result as JSON' },
      },
    },
    async run(rt, v) {
      const name = String(v.name).trim();
      if (name.length === 0 || name.length > 100) throw new UsageError('--name must be 1 to 100 characters');
      const key = issueOperatorKey(rt.ids);
      const createdAt = rt.clock.now();
      await rt.store.write((trx) =>
        insertOperatorCredential(trx, { id: key.id, name, secretHash: key.secretHash, createdAt }),
      );
      const credential = key.plaintext.expose();
      return {
        json: { id: key.id, name, credential, createdAt: new Date(createdAt).toISOString() },
        text: `operator credential ${key.id} (${name}):\n  ${credential}\nshown once: keep it now. Send it as x-api-key (or Authorization: Bearer) to /admin/v1/.`,
      };
    },
  },
  {
    spec: {
      name: 'operators list',
      summary: 'List operator credentials (ids, names, revoked or not; never the secrets).',
      options: { json: { type: 'boolean', description: 'Print the result as JSON' } },
    },
    async run(rt) {
      const rows = (await listOperatorCredentials(rt.store.db)).map((c) => ({
        id: c.id,
        name: c.name,
        createdAt: new Date(c.createdAt).toISOString(),
        revokedAt: c.revokedAt === null ? null : new Date(c.revokedAt).toISOString(),
      }));
      const text = rows.length
        ? rows
            .map((c) => `${c.id}  ${c.name}  created ${c.createdAt}${c.revokedAt ? `  REVOKED ${c.revokedAt}` : ''}`)
            .join('\n')
        : 'no operator credentials';
      return { json: rows, text };
    },
  },
  {
    spec: {
      name: 'operators revoke',
      usage: 'operators revoke <id> [options]',
      summary: 'Revoke an operator credential: refused (401) from its next request on.',
      options: { json: { type: 'boolean', description: 'Print the result as JSON' } },
      positionals: ['id'],
    },
    async run(rt, _v, positionals) {
      const id = positionals[0]!;
      const revoked = await rt.store.write((trx) => revokeOperatorCredential(trx, id, rt.clock.now()));
      if (!revoked) throw new UsageError(`no live operator credential ${id}`);
      return { json: { id, revoked: true }, text: `operator credential ${id} revoked` };
    },
  },
];
