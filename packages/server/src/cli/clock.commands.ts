import { NotFound } from '../domain/errors.js';
import { runDueCharges } from '../domain/rebilling/due-charges.service.js';
import { asMerchant } from '../lib/clock-context.js';
import { clockView, realNow } from '../lib/clock.js';
import { parseDuration } from '../lib/duration.js';
import type { Runtime } from '../runtime.js';
import { advanceClock, resetClock } from '../store/sandbox.repo.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/** Test clocks (docs/decisions/0940): `gatehouse clock show|advance|reset --merchant <id>`. */

const MAX_ADVANCE_MS = 400 * 86_400_000;
const merchant: CommandSpec['options'][string] = {
  type: 'string',
  placeholder: 'merchantId',
  description: 'The merchant whose clock it is',
  required: true,
};
const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };

/** The sandbox settings and the merchant named, or a usage error (production mode, unknown merchant). */
async function clockOf(rt: Runtime, v: Record<string, string | boolean | undefined>) {
  if (!rt.sandbox)
    throw new UsageError(
      'test clocks exist in sandbox mode only: production mode (GATEHOUSE_MODE=production) runs on the real clock',
    );
  const merchantId = String(v.merchant);
  if (!(await rt.deps.storage.read.merchants.findMerchant(merchantId)))
    throw new NotFound('merchant', `merchant ${merchantId} not found`);
  return { settings: rt.sandbox, merchantId };
}

const view = (rt: Runtime, merchantId: string) => clockView(rt.clock, merchantId);

const line = (c: ReturnType<typeof view>) =>
  `merchant ${c.merchantId}: ${c.now} (${c.offsetMs > 0 ? `${c.offset} ahead of the real time` : 'the real time'})`;

export const clockCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'clock show',
      summary: "Show a merchant's test clock (sandbox): its time, and how far ahead of the real time it runs.",
      options: { merchant, json },
    },
    async run(rt, v) {
      const { settings, merchantId } = await clockOf(rt, v);
      await settings.refresh();
      const c = view(rt, merchantId);
      return { json: c, text: line(c) };
    },
  },
  {
    spec: {
      name: 'clock advance',
      usage: 'clock advance <duration> --merchant <merchantId> [options]',
      summary:
        "Move a merchant's test clock forward (sandbox) by <duration> (90s, 15m, 2h, 1d, 1w, 1d12h): its sessions and tokens expire, its notification retries fall due, and its subscription charges due by the new time run now. A running server follows within a second.",
      options: { merchant, json },
      positionals: ['duration'],
    },
    async run(rt, v, [text]) {
      const { settings, merchantId } = await clockOf(rt, v);
      const by = parseDuration(text ?? '');
      if (by === undefined || by <= 0 || by > MAX_ADVANCE_MS)
        throw new UsageError('<duration> must be from 1ms to 400d, e.g. 1d, 2h, 90s or 1d12h');
      await advanceClock(rt.store, merchantId, by, realNow(rt.clock));
      await settings.refresh();
      const due = await asMerchant(merchantId, () => runDueCharges(rt.deps, { merchantId }));
      const c = view(rt, merchantId);
      const dueCharges = {
        attempted: due.attempted,
        approved: due.approved,
        declined: due.declined,
        failed: due.failed,
      };
      return {
        json: { clock: c, dueCharges },
        text: `${line(c)}\nsubscription charges due by then: ${due.attempted} attempted, ${due.approved} approved, ${due.declined} declined, ${due.failed} failed`,
      };
    },
  },
  {
    spec: {
      name: 'clock reset',
      summary:
        "Put a merchant's test clock back on the real time (sandbox). What was made while it ran ahead keeps its times.",
      options: { merchant, json },
    },
    async run(rt, v) {
      const { settings, merchantId } = await clockOf(rt, v);
      await resetClock(rt.store, merchantId);
      await settings.refresh();
      const c = view(rt, merchantId);
      return { json: c, text: line(c) };
    },
  },
];
