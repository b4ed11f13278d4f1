import { completeApmPayment } from '../domain/payments/apm.service.js';
import { restPaymentResponse } from '../render/rest-payment.render.js';
import { type CommandSpec, UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/** Operator commands for APM payments (docs/decisions/0360). */

const json: CommandSpec['options'][string] = { type: 'boolean', description: 'Print the result as JSON' };

export const apmCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'apm complete',
      usage: 'apm complete <transactionId> --outcome approved|declined [options]',
      summary:
        'Complete a pending APM payment (an asynchronous method, or a redirect payment left pending): record the outcome and notify the merchant.',
      options: {
        outcome: {
          type: 'string',
          placeholder: 'approved|declined',
          description: 'What the payment method answered',
          required: true,
        },
        json,
      },
      positionals: ['transactionId'],
    },
    async run(rt, v, positionals) {
      const id = positionals[0]!;
      if (!/^\d{1,20}$/.test(id)) throw new UsageError('<transactionId> must be a numeric gateway transaction id');
      const outcome = v.outcome;
      if (outcome !== 'approved' && outcome !== 'declined')
        throw new UsageError('--outcome must be approved or declined');
      const tx = await completeApmPayment(rt.deps, id, outcome, 'operator');
      // --json prints the REST payment response; the text line is the CLI's own
      return { json: restPaymentResponse(tx), text: `transaction ${tx.id} ${tx.status}` };
    },
  },
];
