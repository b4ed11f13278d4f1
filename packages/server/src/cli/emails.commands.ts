import { listEmails } from '../domain/platform/emails.view.js';
import { UsageError } from './args.js';
import type { CredentialCommand } from './credentials.commands.js';

/** `gatehouse emails list`: the platform e-mails, sent or (without SMTP_URL) kept, exactly as sent. */
export const emailCommands: CredentialCommand[] = [
  {
    spec: {
      name: 'emails list',
      summary: 'List platform e-mails (newest first): recipients, subject, status and, with --body, the text.',
      options: {
        merchant: { type: 'string', placeholder: 'merchantId', description: 'Only this platform’s e-mails' },
        limit: { type: 'string', placeholder: 'n', description: 'At most n (1 to 500, default 20)' },
        body: { type: 'boolean', description: 'Print each text body too' },
        json: { type: 'boolean', description: 'Print the result as JSON (text and HTML bodies included)' },
      },
    },
    async run(rt, v) {
      const limit = typeof v.limit === 'string' ? Number(v.limit) : 20;
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        throw new UsageError('--limit must be an integer from 1 to 500');
      const rows = await listEmails(rt.deps, typeof v.merchant === 'string' ? v.merchant : null, limit);
      const json = rows.map((e) => ({
        ...e,
        createdAt: new Date(e.createdAt).toISOString(),
        deliveredAt: e.deliveredAt === null ? null : new Date(e.deliveredAt).toISOString(),
      }));
      const text =
        rows.length === 0
          ? 'no e-mails'
          : rows
              .map((e) =>
                [
                  `${e.id}  ${e.status}${e.lastError ? ` (${e.lastError})` : ''}  ${new Date(e.createdAt).toISOString()}`,
                  `  To:      ${e.to.join(', ')}`,
                  `  Subject: ${e.subject}`,
                  ...(v.body ? ['', ...e.text.split('\n').map((l) => `  ${l}`)] : []),
                ].join('\n'),
              )
              .join('\n');
      return { json, text };
    },
  },
];
