import { runDueCharges } from '../domain/rebilling/due-charges.service.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/** Operator commands for rebilling (docs/decisions/0126). */

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };

export const rebillingCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'rebilling run-due',
      usage: 'rebilling run-due [--at <iso>] [options]',
      summary:
        'Charge the subscriptions due now (or at --at): each due cycle is a Sale of its stored card with a DMN; cycles already charged are not charged again. Run it from cron, or with --at in the sandbox to move through a schedule.',
      options: {
        at: {
          type: 'string',
          placeholder: 'iso',
          description: 'Charge what is due at this ISO 8601 instant (default now)',
        },
        merchant: { type: 'string', placeholder: 'merchantId', description: "Only this merchant's subscriptions" },
        json,
      },
    },
    async run(rt, v) {
      const text = typeof v.at === 'string' ? v.at : undefined;
      const at = text === undefined ? undefined : Date.parse(text);
      if (at !== undefined && Number.isNaN(at))
        throw new UsageError('--at must be an ISO 8601 date and time, e.g. 2026-12-25T10:00:00Z');
      const merchantId = typeof v.merchant === 'string' ? v.merchant : undefined;
      const r = await runDueCharges(rt.deps, {
        ...(at !== undefined ? { at } : {}),
        ...(merchantId ? { merchantId } : {}),
      });
      const out = { ...r, at: new Date(r.at).toISOString() };
      return {
        json: out,
        text: `charges due at ${out.at}: ${out.attempted} attempted, ${out.approved} approved, ${out.declined} declined, ${out.failed} failed`,
      };
    },
  },
];
