import { formatDecimal } from '../../lib/money.js';
import type { AccountOwner, EmailMessage, Payout, SplitTransaction } from './platform.types.js';

/**
 * The three platform e-mails of docs/platform.md (subjects exactly as its table, the content it lists), as
 * text and HTML. Pure: the service builds them in the transaction of the change, so what is kept
 * in the outbox is exactly what is sent.
 */

type Row = [label: string, value: string];

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One line of text: control characters (CR and LF among them) and line separators become spaces, so a
 * value a merchant or an operator chose (an extRef, a move's reason) cannot forge rows of the text
 * e-mail or lines of the subject (docs/decisions/0825).
 */
export const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');

function render(to: string[], rawSubject: string, rawIntro: string, rawRows: Row[]): EmailMessage {
  const subject = oneLine(rawSubject);
  const intro = oneLine(rawIntro);
  const rows = rawRows.map(([l, v]): Row => [oneLine(l), oneLine(v)]);
  const width = Math.max(...rows.map(([l]) => l.length));
  const text = [intro, '', ...rows.map(([l, v]) => `${`${l}:`.padEnd(width + 2)}${v}`), '', '-- Gatehouse', ''].join(
    '\n',
  );
  const html = [
    '<!doctype html><html><body>',
    `<p>${esc(intro)}</p>`,
    '<table>',
    ...rows.map(([l, v]) => `<tr><th align="left">${esc(l)}</th><td>${esc(v)}</td></tr>`),
    '</table>',
    '<p>-- Gatehouse</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export function kycEmail(to: string[], owner: AccountOwner, at: number): EmailMessage {
  return render(
    to,
    `KYC status update for ${owner.extRef} of account owner ${owner.code}`,
    `The KYC status of account owner ${owner.code} is now ${owner.kycStatus}.`,
    [
      ['Account owner code', owner.code],
      ['External reference', owner.extRef],
      ['KYC status', owner.kycStatus],
      ['Reason', owner.kycReason ?? '-'],
      ['Changed at', new Date(at).toISOString()],
    ],
  );
}

export function payoutEmail(to: string[], payout: Payout, at: number): EmailMessage {
  return render(
    to,
    `Payout status update for account owner ${payout.accountOwnerCode}`,
    `Payout ${payout.code} of account owner ${payout.accountOwnerCode} is now ${payout.status}.`,
    [
      ['Payout code', payout.code],
      ['Account owner code', payout.accountOwnerCode],
      ['Payout status', payout.status],
      ['Amount', `${formatDecimal(payout.amount, payout.currency)} ${payout.currency}`],
      ['Message', payout.reason ?? '-'],
      ['Changed at', new Date(at).toISOString()],
    ],
  );
}

/** The mutation reference of a change: the resource's code and its change number. */
export function mutationReference(code: string, version: number): string {
  return `${code}-${version}`;
}

export function transactionEmail(to: string[], split: SplitTransaction, at: number): EmailMessage {
  return render(
    to,
    `Transaction status update for ${split.extRef}`,
    `Split transaction ${split.code} (${split.extRef}) is now ${split.status}.`,
    [
      ['Transaction type', split.transactionType],
      ['External reference', split.extRef],
      ['Status', split.status],
      ['Virtual account codes', split.splits.map((s) => s.virtualAccountCode).join(', ')],
      ['Original event timestamp', new Date(at).toISOString()],
      ['Payment reference', split.transactionId],
      ['Mutation reference', mutationReference(split.code, split.version)],
      ['Split code', split.code],
      ['Message', split.reason ?? '-'],
    ],
  );
}
