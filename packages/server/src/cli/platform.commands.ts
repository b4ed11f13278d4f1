import { privateTargetReasonResolved, refusesPrivateTargets } from '../delivery/private-network.js';
import { moveKycStatus, movePayoutStatus, setPlatformWebhookUrl } from '../domain/platform/platform.service.js';
import { moveSplitStatus } from '../domain/platform/split.service.js';
import { KYC_STATUSES, PAYOUT_STATUSES, SPLIT_STATUSES } from '../domain/platform/platform.types.js';
import { accountOwnerToWire, payoutToWire, splitToWire } from '../http/platform/platform.wire.js';
import type { Runtime } from '../runtime.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/**
 * The platform operator's moves (docs/platform.md), the same as the sandbox API's but for any
 * platform and in either mode: `gatehouse platform kyc <accountOwnerCode> IN_PROGRESS`. Each move
 * queues its webhook and e-mails, which the server's relay sends.
 */
const options: CommandSpec['options'] = {
  reason: { type: 'string', placeholder: 'text', description: 'Reason or message shown in the webhook and the e-mail' },
  json: { type: 'boolean', description: 'Print the result as JSON' },
};

function statusOf<S extends string>(text: string, allowed: readonly S[]): S {
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`status must be one of ${allowed.join(', ')}`);
  return text as S;
}

const reasonOf = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

function moveCommand<S extends string, R extends { status?: string; kycStatus?: string }>(
  word: string,
  what: string,
  codeName: string,
  statuses: readonly S[],
  run: (rt: Runtime, code: string, status: S, reason: string | undefined) => Promise<R>,
): CredentialCommand {
  return {
    spec: {
      name: `platform ${word}`,
      summary: `Move ${what} to a new status (${statuses.join(', ')}); refused when its state machine forbids it.`,
      usage: `platform ${word} <${codeName}> <status> [options]`,
      options,
      positionals: [codeName, 'status'],
    },
    async run(rt, v, [code, status]) {
      const out = await run(rt, code!, statusOf(status!, statuses), reasonOf(v.reason));
      return { json: out, text: `${code} is now ${out.kycStatus ?? out.status}` };
    },
  };
}

export const platformCommands: CredentialCommand[] = [
  moveCommand('kyc', 'a seller’s KYC status', 'accountOwnerCode', KYC_STATUSES, async (rt, code, status, reason) =>
    accountOwnerToWire(await moveKycStatus(rt.deps, { operator: true }, code, status, reason)),
  ),
  moveCommand('payout', 'a payout', 'payoutCode', PAYOUT_STATUSES, async (rt, code, status, reason) =>
    payoutToWire(await movePayoutStatus(rt.deps, { operator: true }, code, status, reason)),
  ),
  moveCommand('split', 'a split transaction', 'splitCode', SPLIT_STATUSES, async (rt, code, status, reason) =>
    splitToWire(await moveSplitStatus(rt.deps, { operator: true }, code, status, reason)),
  ),
  {
    spec: {
      name: 'platform webhook-url',
      summary:
        'Set the platform site’s webhook URL: where the events of sellers without their own webhookUrl go (`none` clears it).',
      usage: 'platform webhook-url <siteId> <url|none> [options]',
      options: { json: options.json! },
      positionals: ['siteId', 'url'],
    },
    async run(rt, _v, [siteId, url]) {
      const value = url === 'none' ? null : url!;
      // Production mode: a private target is refused, as by `sites set-webhook-url` (0907).
      const refused = value && refusesPrivateTargets(rt.config) ? await privateTargetReasonResolved(value) : undefined;
      if (refused) throw new UsageError(`url ${refused}`);
      await setPlatformWebhookUrl(rt.deps, siteId!, value);
      return {
        json: { siteId, webhookUrl: value },
        text: value ? `site ${siteId} webhooks go to ${value}` : `site ${siteId} has no webhook URL`,
      };
    },
  },
];
