import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

/**
 * Every field rule of updateOrder (docs/session-methods.md) through the real server. Each row opens its own order (10.00 EUR, or
 * with the `open` members given) and then sends the update.
 */

const x = (n: number) => 'x'.repeat(n);
const BILLING = { country: 'DE', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const TEA = { name: 'Tea', type: 'Physical', price: '2.50', quantity: '4' };
const OK = 'ok' as const;
type Expect = typeof OK | [number, RegExp];
interface Row {
  name: string;
  update: Record<string, unknown>;
  expected: Expect;
  open?: Record<string, unknown>;
}

const v = (errCode: number, reason: RegExp): [number, RegExp] => [errCode, reason];
const esc = (p: string) => p.replace(/[[\]().]/g, '\\$&');
const size = (p: string) => v(1019, new RegExp(`^\\[${esc(p)}\\] size must be`));
// An unknown member is ignored, as the real gateway ignores it (docs/decisions/0121).
const unknown = (_p: string) => OK;
const missing = (p: string) => v(1019, new RegExp(`^\\[${esc(p)}\\] must not be null$`));

const ROWS: Row[] = [
  { name: 'amount and currency', update: { amount: '12.34', currency: 'EUR' }, expected: OK },
  { name: 'amount alone (keeps the order currency)', update: { amount: '12.34' }, expected: OK },
  { name: 'amount and another currency', update: { amount: '1200', currency: 'JPY' }, expected: OK },
  { name: 'nothing but the required members', update: {}, expected: OK },
  { name: 'sessionToken missing', update: { sessionToken: undefined }, expected: missing('sessionToken') },
  { name: 'sessionToken of 37', update: { sessionToken: x(37) }, expected: size('sessionToken') },
  {
    name: 'sessionToken never issued',
    update: { sessionToken: '00000000-0000-4000-8000-000000000000' },
    expected: v(1069, /^Session expired$/),
  },
  { name: 'orderId missing', update: { orderId: undefined }, expected: missing('orderId') },
  { name: 'orderId of 46', update: { orderId: '1'.repeat(46) }, expected: size('orderId') },
  { name: 'orderId of another order', update: { orderId: '1' }, expected: v(1057, /^Invalid order ID$/) },
  // numbers as the public SDKs send them (docs/decisions/0121): an unknown orderId is still refused
  { name: 'orderId as a number', update: { orderId: 100000001 }, expected: v(1057, /./) },
  { name: 'clientUniqueId missing', update: { clientUniqueId: undefined }, expected: missing('clientUniqueId') },
  { name: 'clientUniqueId of 46', update: { clientUniqueId: x(46) }, expected: size('clientUniqueId') },
  { name: 'userTokenId of 255', update: { userTokenId: x(255) }, expected: OK },
  { name: 'userTokenId of 256', update: { userTokenId: x(256) }, expected: size('userTokenId') },
  { name: 'clientRequestId of 256', update: { clientRequestId: x(256) }, expected: size('clientRequestId') },
  {
    name: 'amount with 3 decimals',
    update: { amount: '12.345' },
    expected: v(1040, /^\[amount\] must have at most 2 decimal places in EUR$/),
  },
  {
    name: 'amount of 13 characters',
    update: { amount: '1234567890.12' },
    expected: v(1040, /^\[amount\] size must be/),
  },
  { name: 'amount as a JSON number', update: { amount: 12.34 }, expected: OK },
  { name: 'negative amount', update: { amount: '-1' }, expected: v(1040, /greater than or equal to 0/) },
  {
    name: 'currency without amount',
    update: { currency: 'USD' },
    expected: v(1040, /^\[amount\] must not be null when currency is given$/),
  },
  { name: 'currency XYZ', update: { amount: '1', currency: 'XYZ' }, expected: v(1041, /ISO 4217/) },
  { name: 'currency XDR', update: { amount: '1', currency: 'XDR' }, expected: v(1070, /not supported/) },
  {
    name: 'amount alone on an order opened without amount',
    open: { amount: undefined, currency: undefined },
    update: { amount: '5' },
    expected: v(1041, /^\[currency\] must not be null when amount is given$/),
  },
  {
    name: 'amount and currency on an order opened without amount',
    open: { amount: undefined, currency: undefined },
    update: { amount: '5', currency: 'GBP' },
    expected: OK,
  },
  {
    name: 'amount within openAmount',
    open: { openAmount: { min: '5', max: '50' } },
    update: { amount: '49.99' },
    expected: OK,
  },
  {
    name: 'amount above openAmount',
    open: { openAmount: { min: '5', max: '50' } },
    update: { amount: '50.01' },
    expected: v(1040, /between openAmount\.min and openAmount\.max/),
  },
  {
    name: 'items summing to the new amount',
    update: { amount: '12.50', items: [{ ...TEA, quantity: '5' }] },
    expected: OK,
  },
  {
    name: 'items not summing to the amount',
    update: { items: [{ ...TEA, quantity: '5' }] },
    expected: v(1063, /^Total amount does not match items sum/),
  },
  {
    name: 'a new amount against the items kept from opening',
    open: { items: [TEA] },
    update: { amount: '11.00' },
    expected: v(1063, /give 10\.00, amount is 11\.00/),
  },
  {
    name: 'a new amount with amountDetails making up the difference',
    open: { items: [TEA] },
    update: { amount: '11.00', amountDetails: { totalShipping: '1.00' } },
    expected: OK,
  },
  {
    name: 'an item of type Food',
    update: { items: [{ ...TEA, type: 'Food' }] },
    expected: v(1019, /^\[items\[0\]\.type\] must be one of/),
  },
  {
    name: 'an item without price',
    update: { items: [{ name: 'a', type: 'Physical', quantity: '1' }] },
    expected: missing('items[0].price'),
  },
  {
    name: 'amountDetails with another member',
    update: { amountDetails: { fees: '1' } },
    expected: unknown('amountDetails.fees'),
  },
  { name: 'deviceDetails deviceType TABLET', update: { deviceDetails: { deviceType: 'TABLET' } }, expected: OK },
  {
    name: 'deviceDetails deviceType WATCH',
    update: { deviceDetails: { deviceType: 'WATCH' } },
    expected: v(1019, /^\[deviceDetails\.deviceType\] must be one of DESKTOP, SMARTPHONE, TABLET, TV, UNKNOWN$/),
  },
  {
    name: 'dynamicDescriptor payment-facilitator form',
    update: { dynamicDescriptor: { merchantName: 'ABCDEFG*SHOP' } },
    expected: OK,
  },
  {
    name: 'dynamicDescriptor bad payment-facilitator form',
    update: { dynamicDescriptor: { merchantName: 'AB*SHOP' } },
    expected: v(1019, /payment-facilitator form/),
  },
  {
    name: 'merchantDetails customField2 of 256',
    update: { merchantDetails: { customField2: x(256) } },
    expected: size('merchantDetails.customField2'),
  },
  {
    name: 'addendums localPayment',
    update: { addendums: { localPayment: { numberOfInstallments: '6' } } },
    expected: OK,
  },
  { name: 'billingAddress without phone', update: { billingAddress: BILLING }, expected: OK },
  {
    name: 'billingAddress without email',
    update: { billingAddress: { ...BILLING, email: undefined } },
    expected: missing('billingAddress.email'),
  },
  {
    name: 'billingAddress country in lower case',
    update: { billingAddress: { ...BILLING, country: 'de' } },
    expected: v(1019, /^\[billingAddress\.country\] must be an upper-case/),
  },
  { name: 'userDetails dateOfBirth', update: { userDetails: { dateOfBirth: '2000-02-29' } }, expected: OK },
  {
    name: 'userDetails dateOfBirth 2001-02-29',
    update: { userDetails: { dateOfBirth: '2001-02-29' } },
    expected: v(1019, /YYYY-MM-DD/),
  },
  {
    name: 'shippingAddress zip of 11',
    update: { shippingAddress: { zip: x(11) } },
    expected: size('shippingAddress.zip'),
  },
  ...[
    'openAmount',
    'urlDetails',
    'preventOverride',
    'isMoto',
    'sessionCardDeclineLimit',
    'subMerchant',
    'transactionType',
  ].map((m): Row => ({ name: `${m} (an openOrder member only, ignored)`, update: { [m]: '1' }, expected: unknown(m) })),
];

describe.each(dialects())('updateOrder field rules (docs/session-methods.md) on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    s = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    // Members set to undefined in `open` are left out of the opening request.
    const o = await s.openOrder({ amount: '10.00', currency: 'EUR', ...row.open });
    const fields: Record<string, unknown> = {
      sessionToken: o.sessionToken,
      orderId: o.orderId,
      clientUniqueId: 'u-upd',
      ...row.update,
    };
    for (const k of Object.keys(fields)) if (fields[k] === undefined) delete fields[k];
    const r = await s.send('updateOrder', fields);
    expect(r.status).toBe(200);
    if (row.expected === OK) {
      expect(r.json, r.text).toMatchObject({
        status: 'SUCCESS',
        errCode: 0,
        sessionToken: o.sessionToken,
        orderId: o.orderId,
      });
    } else {
      expect(r.json, r.text).toMatchObject({ status: 'ERROR', errCode: row.expected[0] });
      expect(r.json.reason).toMatch(row.expected[1]);
    }
  });
});
