/**
 * Writes docs/session-methods.md: one section per session method (path, what it does, required
 * fields, checksum order, an example request and the answer's own members), the examples sent through
 * a real gateway (test harness, SQLite, fixed clock) with the bodies of the method matrix's table
 * (packages/server/test/session-method-table.ts). Volatile values (ids, tokens, the port) become
 * placeholders such as "<sessionToken>".
 *
 *   node --import tsx scripts/session-examples.ts            # writes docs/session-methods.md
 *   node --import tsx scripts/session-examples.ts --stdout   # prints it instead
 *
 * Not part of docs:check; packages/server/test/session-methods.docs.test.ts checks the result.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CATALOGUE_CHECKSUM_FIELDS as CF } from '../packages/server/src/security/catalogue-checksum.js';
import { CHECKSUM_FIELDS as SF } from '../packages/server/src/security/checksum.js';
import { WITHDRAWAL_REQ_CHECKSUM_FIELDS as REQ } from '../packages/server/src/security/withdrawal-checksum.js';
import { startGateway } from '../packages/server/test/harness.js';
import {
  type Json,
  methodFixtures,
  pathOf,
  ROWS,
  type Row,
  signedBody,
} from '../packages/server/test/session-method-table.js';

const OUT = resolve(import.meta.dirname, '../docs/session-methods.md');

/** docs/session-methods.md's groups, in its order; every method of the table must be in one. */
const GROUPS: Array<[string, string[]]> = [
  ['Session and orders', ['getSessionToken', 'openOrder', 'updateOrder', 'getOrderDetails', 'getPaymentStatus']],
  [
    'Payments and 3-D Secure',
    [
      'payment',
      'initPayment',
      'paymentCC',
      'paymentAPM',
      'payment3D',
      'dynamic3D',
      'authorization3D',
      'authorize3d',
      'verify3d',
      'authenticate3d',
      'cardTokenization',
    ],
  ],
  ['Transactions: settle, refund, void', ['settleTransaction', 'refundTransaction', 'voidTransaction']],
  ['Payouts', ['payout']],
  ['Users', ['createUser', 'updateUser', 'getUserDetails']],
  [
    'User payment options (UPOs)',
    [
      'addUPOCreditCard',
      'addUPOCreditCardByToken',
      'addUPOCreditCardByTempToken',
      'addUPOAPM',
      'editUPOCC',
      'editUPOAPM',
      'getUserUPOs',
      'suspendUPO',
      'enableUPO',
      'deleteUPO',
    ],
  ],
  [
    'Rebilling: plans and subscriptions',
    [
      'getPlansList',
      'createPlan',
      'editPlan',
      'getSubscriptionPlans',
      'createSubscription',
      'editSubscription',
      'cancelSubscription',
      'getSubscriptionsList',
    ],
  ],
  [
    'Withdrawals (`/ppp/api/withdrawal/<method>.do`)',
    [
      'submitRequest',
      'getRequests',
      'cancelRequest',
      'approveRequest',
      'declineRequest',
      'sealRequest',
      'placeWithdrawalOrder',
      'getOrders',
      'getOrderIds',
      'settleWithdrawalOrder',
      'settleOrdersInBatch',
      'deleteWithdrawalOrder',
      'updateOrdersDetails',
      'getCandidatesForRefund',
      'getNetDeposits',
      'updateNetDepositValue',
      'getUserPaymentMethodNetDeposits',
    ],
  ],
  [
    'KYC, accounts and APM',
    [
      'eKYC',
      'getDocumentUploadUrl',
      'addBankAccount',
      'enrollAccount',
      'fundAccount',
      'getAccountDetails',
      'accountCapture',
    ],
  ],
  [
    'Lookups',
    [
      'getMerchantPaymentMethods',
      'getCardDetails',
      'getDccDetails',
      'getMcpRates',
      'getPayoutStatus',
      'getDocumentUrl',
    ],
  ],
];

/** Members whose values differ from run to run (or name fixtures): shown as `"<name>"`. */
export const VOLATILE = new Set([
  'sessionToken',
  'orderId',
  'transactionId',
  'relatedTransactionId',
  'userTokenId',
  'userId',
  'userPaymentOptionId',
  'userPMId',
  'ccToken',
  'ccTempToken',
  'uniqueCC',
  'wdRequestId',
  'wdOrderId',
  'wdOrderIds',
  'merchantWDRequestId',
  'merchantUniqueId',
  'planId',
  'planIds',
  'subscriptionId',
  'subscriptionIds',
  'kycId',
  'authCode',
  'internalRequestId',
  'merchantId',
  'merchantSiteId',
  'checksum',
  'dsTransID',
  'cavv',
  'xid',
  'cReq',
  'paRequest',
  'acsUrl',
  'methodPayload',
  'serverTransId',
  'externalTransactionId',
  'userAccountId',
  'accountId',
  'appId',
]);
const ENVELOPE = [
  'internalRequestId',
  'status',
  'errCode',
  'reason',
  'version',
  'merchantId',
  'merchantSiteId',
  'clientRequestId',
  'clientUniqueId',
  'userTokenId',
  'merchantDetails',
];
/** a random key in a URL's path or query (16 or more characters) */
const URL_KEY = /([/=])(?=[\w.-]*\d)(?=[\w.-]*[A-Za-z])[\w.-]{16,}/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const singular = (k: string) => (k.endsWith('Ids') ? k.slice(0, -1) : k);

/** `v` with volatile values replaced; arrays over `maxItems` cut to their first two and a note. */
function placeholders(v: unknown, origin: string, key = '', maxItems = Infinity): unknown {
  if (Array.isArray(v)) {
    const items = v.map((x) => placeholders(x, origin, VOLATILE.has(key) ? singular(key) : '', maxItems));
    return items.length > maxItems ? [...items.slice(0, 2), `… ${items.length - 2} more`] : items;
  }
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, placeholders(x, origin, k, maxItems)]));
  if (VOLATILE.has(key) && v !== '' && v !== null) return `<${key}>`;
  if (typeof v === 'string' && v.startsWith(origin))
    return v.replace(origin, 'http://localhost:8080').replace(URL_KEY, '$1<key>');
  if (typeof v === 'string') return v.replace(UUID, '<uuid>');
  return v;
}

/** The checksum statement of a row, from the server's tables. */
function checksumText(r: Row): string {
  const list = (o: readonly string[]) => `\`${o.join(', ')}\``;
  const tail = (o: readonly string[], nested: boolean) =>
    nested
      ? 'present fields only, nested values flattened in order (a boolean as JSON writes it, `true`, or as the PHP SDK does, `1` / empty), then the secret key'
      : `present fields only (a null or nested value is skipped${o.includes('urlDetails') ? '; `urlDetails` gives successUrl, failureUrl, pendingUrl, notificationUrl in that order' : ''}), then the secret key`;
  const m = r.method;
  if (r.signing === 'body') {
    const req = REQ[m];
    return (
      "[BODY]: merchantId, merchantSiteId, then every other member's value in body order (nested values flattened in order; not `checksum`, `sourceApplication`, `webMasterId`), then timeStamp, then the secret key" +
      (req ? `; or [REQ] ${list(req)}, then the secret key (decision 0131)` : '')
    );
  }
  if (r.signing === 'none') {
    if (m in SF)
      return `checksum only when sent: ${list(SF[m as keyof typeof SF])}, ${tail(SF[m as keyof typeof SF], false)}; without one the live sessionToken authenticates the call`;
    if (m in CF)
      return `checksum only when sent: ${list(CF[m as keyof typeof CF])}, ${tail(CF[m as keyof typeof CF], true)}; without one the live sessionToken authenticates the call`;
    return "no checksum: the live sessionToken authenticates the call (merchantId / merchantSiteId, when sent, must be the session's; a checksum sent is not verified)";
  }
  const nested = !(m in SF);
  const text = `${list(r.signing.order)}, ${tail(r.signing.order, nested)}`;
  if (m === 'cardTokenization')
    return `${text}; or no checksum at all, with only \`sessionToken\` and \`cardData\` (decision 0135)`;
  if (m === 'getCardDetails' || m === 'getDccDetails')
    return `${text}; or no checksum at all, without merchantId, merchantSiteId and timeStamp: the live \`sessionToken\` authenticates the call (decision 0135)`;
  return text;
}

/** JSON on one line when short, else indented. */
function json(v: unknown): string {
  const line = JSON.stringify(v);
  return line.length <= 100 ? line : JSON.stringify(v, null, 2);
}

interface SwaggerOp {
  summary?: string;
  requestBody?: { content?: { 'application/json'?: { schema?: { required?: string[] } } } };
}

async function main(): Promise<void> {
  const gw = await startGateway({ dialect: 'sqlite', clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
  const origin = gw.url;
  try {
    const ours = {
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      merchantSecretKey: gw.demo.merchantSecretKey,
    };
    const fx = methodFixtures(gw, ours);
    const paths = (gw.app.swagger() as { paths: Record<string, { post: SwaggerOp }> }).paths;
    const sections = new Map<string, string>();
    for (const row of ROWS) {
      const fields = await row.body(fx);
      const body = signedBody(gw, row.signing, fields, ours);
      const res = await gw.request('POST', pathOf(row), { body });
      const answer = res.json as Json;
      if (answer?.status !== 'SUCCESS') throw new Error(`${row.method}: ${res.text}`);
      const op = paths[pathOf(row)]?.post;
      if (!op) throw new Error(`${pathOf(row)} is not registered`);
      const required = [...(op.requestBody?.content?.['application/json']?.schema?.required ?? [])];
      if (!required.includes(row.drop)) required.push(row.drop);
      const own = Object.fromEntries(Object.entries(answer).filter(([k]) => !ENVELOPE.includes(k)));
      sections.set(
        row.method,
        [
          `### ${row.method}`,
          '',
          `\`POST ${pathOf(row)}\` — ${(op.summary ?? '').replace(/\.$/, '')}.`,
          '',
          `- Required: ${required.map((f) => `\`${f}\``).join(', ')}.`,
          `- Checksum: ${checksumText(row)}.`,
          '',
          'Request:',
          '',
          '```json',
          JSON.stringify(placeholders(body, origin), null, 2),
          '```',
          '',
          Object.keys(own).length ? 'Answer (besides the envelope):' : 'Answer: the envelope only.',
          ...(Object.keys(own).length ? ['', '```json', json(placeholders(own, origin, '', 3)), '```'] : []),
        ].join('\n'),
      );
    }
    const grouped = GROUPS.flatMap(([, ms]) => ms);
    const missing = ROWS.map((r) => r.method).filter((m) => !grouped.includes(m));
    if (missing.length) throw new Error(`not in a group: ${missing.join(', ')}`);
    const doc = [
      '# Session methods',
      '',
      'Every method of the session API, grouped as the method catalogue groups them: its path, what it does, the',
      'fields the server requires, the checksum order the server computes, one example request and the members',
      'of its answer besides the envelope (`internalRequestId`, `status`, `errCode`, `reason`, `version` and the',
      'echoed ids: [session-api.md](session-api.md#the-envelope)). Rules shared by all methods (paths with or',
      'without `.do`, member types, error codes, replays) are in [session-api.md](session-api.md).',
      '',
      'The examples were sent to a real gateway (SQLite, clock at 2026-11-25 10:00 UTC) by',
      '`node --import tsx scripts/session-examples.ts`, which writes this file; values that change from run to',
      'run (ids, tokens, `checksum`) are shown as `"<name>"`, long lists are cut to two items. `timeStamp` is the',
      "merchant's local time as `YYYYMMDDHHmmss`. Every checksum is the lowercase hex SHA-256 of the listed",
      'values concatenated, then the merchant secret key.',
      '',
      ...GROUPS.flatMap(([title, ms]) => [`## ${title}`, '', ...ms.flatMap((m) => [sections.get(m)!, ''])]),
    ].join('\n');
    if (process.argv.includes('--stdout')) process.stdout.write(doc);
    else writeFileSync(OUT, doc);
  } finally {
    await gw.close();
  }
}

await main();
