import { formatDecimal } from '../lib/money.js';
import { toMinor } from '../domain/sessions/session.pricing.js';
import { wireOrderStatusOf } from '../domain/withdrawals/order.machine.js';
import { approveWithdrawal } from '../domain/withdrawals/order.service.js';
import { settleWithdrawalOrder } from '../domain/withdrawals/order.settle.js';
import type { WithdrawalOrder } from '../domain/withdrawals/order.types.js';
import { declineWithdrawal, type WithdrawalCaller } from '../domain/withdrawals/withdrawal.service.js';
import type { Withdrawal } from '../domain/withdrawals/withdrawal.types.js';
import { withdrawalFields } from '../http/shared/withdrawal.render.js';
import type { Runtime } from '../runtime.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/**
 * Operator commands for withdrawal requests, the same lifecycle as the merchant's calls
 * (docs/decisions/0508): `approve` places an Approved order and pays nothing, `settle` pays an order
 * out, `decline` closes a request and deletes its unpaid orders.
 */

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };
const site: CommandSpec['options'][string] = {
  type: 'string',
  placeholder: 'siteId',
  description: 'Merchant site',
  required: true,
};
const operator: CommandSpec['options'][string] = {
  type: 'string',
  placeholder: 'name',
  description: 'Recorded as the operatorName',
};
const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

async function callerOf(rt: Runtime, siteId: string | undefined): Promise<WithdrawalCaller> {
  const found = siteId === undefined ? undefined : await rt.deps.storage.read.merchants.findSite(siteId);
  if (!found) throw new UsageError('--site names no merchant site');
  return { merchantId: found.merchantId, siteId: found.id };
}

function numericId(value: string | undefined, name: string): string {
  if (value === undefined || !/^\d{1,20}$/.test(value)) throw new UsageError(`<${name}> must be a number`);
  return value;
}

const orderFields = (o: WithdrawalOrder) => ({
  wdOrderId: Number(o.id),
  wdOrderStatus: wireOrderStatusOf(o.status),
  amount: formatDecimal(o.amount, o.currency),
  currency: o.currency,
});

const requestLine = (w: Withdrawal) => `request ${w.id} ${String(withdrawalFields(w).wdRequestStatus)}`;

export const withdrawalCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'withdrawals approve',
      usage: 'withdrawals approve <wdRequestId> --site <siteId> [options]',
      summary:
        'Approve a withdrawal request: it goes InProgress with an Approved order (all of it that no order holds yet, or --amount). Nothing is paid until the order is settled.',
      options: {
        site,
        amount: {
          type: 'string',
          placeholder: 'decimal',
          description: "The order's amount in the request's currency, e.g. 10.00",
        },
        operator,
        json,
      },
      positionals: ['wdRequestId'],
    },
    async run(rt, v, positionals) {
      const caller = await callerOf(rt, str(v.site));
      const wdRequestId = numericId(positionals[0], 'wdRequestId');
      const text = str(v.amount);
      let amount;
      if (text !== undefined) {
        const w = await rt.deps.storage.read.withdrawals.find(wdRequestId);
        if (!w || w.siteId !== caller.siteId)
          throw new UsageError('<wdRequestId> names no withdrawal request of this site');
        amount = toMinor(text, w.currency, 'amount', 'amount');
      }
      const operatorName = str(v.operator);
      const r = await approveWithdrawal(rt.deps, caller, {
        wdRequestId,
        ...(amount !== undefined ? { amount } : {}),
        ...(operatorName !== undefined ? { operatorName } : {}),
      });
      if (r.replay) throw new Error('no replay was asked for');
      const order = orderFields(r.order);
      return {
        json: { ...withdrawalFields(r.withdrawal), ...order },
        text:
          `${requestLine(r.withdrawal)}, order ${order.wdOrderId} ${order.wdOrderStatus} (${order.amount} ${order.currency})\n` +
          `pay it with: gatehouse withdrawals settle ${order.wdOrderId} --site ${caller.siteId}`,
      };
    },
  },
  {
    spec: {
      name: 'withdrawals settle',
      usage: 'withdrawals settle <wdOrderId> --site <siteId> [options]',
      summary:
        'Settle an Approved withdrawal order: pay it out to its UPO through the acquirer (Settled, or Error when the payout is declined or fails). The request is Approved once its settled orders cover it.',
      options: { site, json },
      positionals: ['wdOrderId'],
    },
    async run(rt, v, positionals) {
      const caller = await callerOf(rt, str(v.site));
      const { order, payout } = await settleWithdrawalOrder(rt.deps, caller, {
        wdOrderId: numericId(positionals[0], 'wdOrderId'),
      });
      const w = (await rt.deps.storage.read.withdrawals.find(order.wdRequestId))!;
      const fields = orderFields(order);
      const why = order.comment !== null ? ` (${order.comment})` : '';
      return {
        json: {
          ...withdrawalFields(w),
          ...fields,
          transactionId: payout.id,
          transactionStatus: payout.status.toUpperCase(),
        },
        text: `order ${fields.wdOrderId} ${fields.wdOrderStatus}${why}, transaction ${payout.id}; ${requestLine(w)}`,
      };
    },
  },
  {
    spec: {
      name: 'withdrawals decline',
      usage: 'withdrawals decline <wdRequestId> --site <siteId> [options]',
      summary:
        'Decline a Pending or InProgress withdrawal request; its Approved orders are deleted unpaid (Partially Approved when part is settled already).',
      options: {
        site,
        operator,
        comment: { type: 'string', placeholder: 'text', description: 'Why (sent in the DMN as Reason)' },
        json,
      },
      positionals: ['wdRequestId'],
    },
    async run(rt, v, positionals) {
      const caller = await callerOf(rt, str(v.site));
      const operatorName = str(v.operator);
      const comment = str(v.comment);
      const w = await declineWithdrawal(rt.deps, caller, {
        wdRequestId: numericId(positionals[0], 'wdRequestId'),
        ...(operatorName !== undefined ? { operatorName } : {}),
        ...(comment !== undefined ? { comment } : {}),
      });
      return { json: withdrawalFields(w), text: requestLine(w) };
    },
  },
];
