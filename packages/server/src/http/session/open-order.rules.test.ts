import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

/**
 * Every field rule of openOrder (docs/session-methods.md) through the real server: valid values pass, invalid ones are
 * `status: ERROR` with the errCode and a reason naming the field and the rule.
 */

const x = (n: number) => 'x'.repeat(n);
const CLOCK = Date.UTC(2025, 1, 28, 20, 0);
const BASE = { clientUniqueId: 'u-1', amount: '10.00', currency: 'EUR' };
const BILLING = { country: 'DE', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const OK = 'ok' as const;
type Expect = typeof OK | [number, RegExp];
type Row = [string, Record<string, unknown>, Expect];

const v = (errCode: number, reason: RegExp): [number, RegExp] => [errCode, reason];
const size = (path: string) => v(1019, new RegExp(`^\\[${path.replace(/[[\]().]/g, '\\$&')}\\] size must be`));
// An unknown member is ignored, as the real gateway ignores it (docs/decisions/0121).
const unknown = (_path: string) => OK;
const oneOf = (path: string) => v(1019, new RegExp(`^\\[${path.replace(/[[\]().]/g, '\\$&')}\\] must be one of `));
const missing = (path: string) => v(1019, new RegExp(`^\\[${path.replace(/[[\]().]/g, '\\$&')}\\] must not be null$`));

const ROWS: Row[] = [
  // identifiers and the signature
  ['clientUniqueId of 45', { clientUniqueId: x(45) }, OK],
  ['clientUniqueId missing', { clientUniqueId: undefined }, missing('clientUniqueId')],
  ['clientUniqueId of 46', { clientUniqueId: x(46) }, size('clientUniqueId')],
  // a client sends "" when the merchant has no reference of its own (docs/decisions/0152)
  ['clientUniqueId empty', { clientUniqueId: '' }, OK],
  ['merchantSiteId of 21', { merchantSiteId: '1'.repeat(21) }, v(1022, /^Invalid merchant site id$/)],
  // the server's clock is 2025-02-28 20:00 UTC (CLOCK below); a timeStamp is the merchant's local time
  ['timeStamp of a merchant at UTC−12', { timeStamp: '20250228080000' }, OK],
  ['timeStamp of 13 digits', { timeStamp: '2025022820000' }, v(1021, /^Invalid timeStamp/)],
  // 14 digits are enough: one public SDK puts the month where the minutes belong (docs/decisions/0121),
  // and no field's range is checked, only the distance from now (docs/decisions/0822)
  ['timeStamp with minutes 99', { timeStamp: '20250228209999' }, OK],
  ['timeStamp with month 13 and day 59', { timeStamp: '20241359200000' }, OK],
  ['timeStamp on 29 February of 2025 (UTC+12)', { timeStamp: '20250229080000' }, OK],
  ['timeStamp at hour 24', { timeStamp: '20250228240000' }, OK],
  ['timeStamp as a JSON number', { timeStamp: 20250228200000 }, OK],
  [
    'timeStamp two days old',
    { timeStamp: '20250226200000' },
    v(1021, /^Invalid timeStamp: outside the accepted window/),
  ],
  [
    'timeStamp a day ahead of UTC+14',
    { timeStamp: '20250302200000' },
    v(1021, /^Invalid timeStamp: outside the accepted window/),
  ],
  ['timeStamp with separators', { timeStamp: '2025-01-01 12:00' }, v(1021, /^Invalid timeStamp/)],
  ['clientRequestId of 255', { clientRequestId: x(255) }, OK],
  ['clientRequestId of 256', { clientRequestId: x(256) }, size('clientRequestId')],
  ['userTokenId of 255', { userTokenId: x(255) }, OK],
  ['userTokenId of 256', { userTokenId: x(256) }, size('userTokenId')],
  ['an unknown member', { colour: 'red' }, unknown('colour')],
  ['sessionToken of 35', { sessionToken: x(35) }, size('sessionToken')],
  ['sessionToken never issued', { sessionToken: '00000000-0000-4000-8000-000000000000' }, v(1069, /^Session expired$/)],
  // amount and currency (ADR 0002: decimal strings by the currency exponent)
  ['amount 0', { amount: '0' }, OK],
  ['amount 10.5', { amount: '10.5' }, OK],
  ['amount with trailing zeros 10.500', { amount: '10.500' }, OK],
  ['amount in JPY without decimals', { amount: '1500', currency: 'JPY' }, OK],
  ['amount in BHD with 3 decimals', { amount: '1.234', currency: 'BHD' }, OK],
  ['amount and currency both absent', { amount: undefined, currency: undefined }, OK],
  [
    'amount with 3 decimals in EUR',
    { amount: '10.005' },
    v(1040, /^\[amount\] must have at most 2 decimal places in EUR$/),
  ],
  ['amount with decimals in JPY', { amount: '15.5', currency: 'JPY' }, v(1040, /at most 0 decimal places in JPY/)],
  ['negative amount', { amount: '-1.00' }, v(1040, /^\[amount\] must be greater than or equal to 0$/)],
  ['amount with a comma', { amount: '10,50' }, v(1040, /^\[amount\] must be a decimal number/)],
  ['amount in words', { amount: 'ten' }, v(1040, /^\[amount\] must be a decimal number/)],
  ['amount of 13 characters', { amount: '1234567890.12' }, v(1040, /^\[amount\] size must be/)],
  // numbers and flag forms as the public SDKs send them (docs/decisions/0121)
  ['amount as a JSON number', { amount: 10 }, OK],
  ['amount without currency', { currency: undefined }, v(1041, /^\[currency\] must not be null when amount is given$/)],
  ['currency without amount', { amount: undefined }, v(1040, /^\[amount\] must not be null when currency is given$/)],
  ['currency of 2 letters', { currency: 'EU' }, v(1041, /^\[currency\] size must be 3$/)],
  ['currency in lower case', { currency: 'eur' }, v(1041, /^\[currency\] must be an ISO 4217 currency code$/)],
  ['currency not in ISO 4217', { currency: 'XYZ' }, v(1041, /ISO 4217/)],
  ['currency that cannot be charged (XDR)', { currency: 'XDR' }, v(1070, /^Currency not supported: XDR$/)],
  ['withdrawn currency (HRK)', { currency: 'HRK' }, v(1070, /not supported/)],
  // openAmount
  ['openAmount around the amount', { openAmount: { min: '1.00', max: '100' } }, OK],
  ['openAmount min = max = amount', { openAmount: { min: '10', max: '10.00' } }, OK],
  [
    'openAmount max below min',
    { openAmount: { min: '20', max: '5' } },
    v(1019, /^\[openAmount\.max\] must be greater than or equal to openAmount\.min$/),
  ],
  [
    'amount outside openAmount',
    { openAmount: { min: '11', max: '20' } },
    v(1040, /^\[amount\] must be between openAmount\.min and openAmount\.max$/),
  ],
  ['openAmount without max', { openAmount: { min: '1' } }, missing('openAmount.max')],
  [
    'openAmount min with 3 decimals',
    { openAmount: { min: '1.001', max: '20' } },
    v(1019, /^\[openAmount\.min\] must have at most 2/),
  ],
  ['openAmount with another member', { openAmount: { min: '1', max: '20', step: '1' } }, unknown('openAmount.step')],
  [
    'openAmount without amount',
    { amount: undefined, currency: undefined, openAmount: { min: '1', max: '2' } },
    v(1040, /when openAmount is given/),
  ],
  // externalSchemeDetails
  ...['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'DINERS'].map((brand): Row => [
    `externalSchemeDetails brand ${brand}`,
    { externalSchemeDetails: { transactionId: 't-1', brand } },
    OK,
  ]),
  [
    'externalSchemeDetails brand JCB',
    { externalSchemeDetails: { transactionId: 't-1', brand: 'JCB' } },
    oneOf('externalSchemeDetails.brand'),
  ],
  [
    'externalSchemeDetails brand in lower case',
    { externalSchemeDetails: { transactionId: 't', brand: 'visa' } },
    oneOf('externalSchemeDetails.brand'),
  ],
  [
    'externalSchemeDetails without transactionId',
    { externalSchemeDetails: { brand: 'VISA' } },
    missing('externalSchemeDetails.transactionId'),
  ],
  [
    'externalSchemeDetails transactionId of 51',
    { externalSchemeDetails: { transactionId: x(51), brand: 'VISA' } },
    size('externalSchemeDetails.transactionId'),
  ],
  // authenticationOnlyType, isRebilling, transactionType, isMoto, preventOverride, isPartialApproval
  ...['RECURRING', 'INSTALLMENTS', 'ADDCARD', 'MAINTAINCARD', 'ACCOUNTVERIFICATION'].map((t): Row => [
    `authenticationOnlyType ${t}`,
    { authenticationOnlyType: t, amount: '0' },
    OK,
  ]),
  ['authenticationOnlyType OTHER', { authenticationOnlyType: 'OTHER' }, oneOf('authenticationOnlyType')],
  ['isRebilling 0', { isRebilling: '0' }, OK],
  ['isRebilling 1', { isRebilling: '1' }, OK],
  ['isRebilling 2', { isRebilling: '2' }, oneOf('isRebilling')],
  ['isRebilling as a number', { isRebilling: 0 }, OK],
  ['isRebilling 2', { isRebilling: 2 }, oneOf('isRebilling')],
  ...['Sale', 'Auth', 'PreAuth'].map((t): Row => [`transactionType ${t}`, { transactionType: t }, OK]),
  [
    'transactionType Settle',
    { transactionType: 'Settle' },
    v(1019, /^\[transactionType\] must be one of Sale, Auth, PreAuth$/),
  ],
  ['isMoto 1', { isMoto: '1' }, OK],
  ['isMoto Y', { isMoto: 'Y' }, oneOf('isMoto')],
  ['preventOverride 1', { preventOverride: '1' }, OK],
  ['preventOverride true', { preventOverride: 'true' }, OK],
  ['preventOverride yes', { preventOverride: 'yes' }, oneOf('preventOverride')],
  ...(['1', '0', 1, 0, true, false] as const).map((p): Row => [
    `isPartialApproval ${JSON.stringify(p)}`,
    { isPartialApproval: p },
    OK,
  ]),
  ['isPartialApproval yes', { isPartialApproval: 'yes' }, oneOf('isPartialApproval')],
  // companyDetails, recipientDetails
  ['companyDetails taxId of 55', { companyDetails: { taxId: x(55) } }, OK],
  ['companyDetails taxId of 56', { companyDetails: { taxId: x(56) } }, size('companyDetails.taxId')],
  ['companyDetails with another member', { companyDetails: { vat: '1' } }, unknown('companyDetails.vat')],
  [
    'recipientDetails in Latin script',
    { recipientDetails: { firstName: 'José', lastName: "O'Brien-Łukasz", address: 'Rue de l’Église 5' } },
    OK,
  ],
  [
    'recipientDetails firstName in Cyrillic',
    { recipientDetails: { firstName: 'Иван' } },
    v(1019, /^\[recipientDetails\.firstName\] must be written in Latin characters$/),
  ],
  ['recipientDetails lastName of 41', { recipientDetails: { lastName: x(41) } }, size('recipientDetails.lastName')],
  ['recipientDetails address of 99', { recipientDetails: { address: x(99) } }, OK],
  ['recipientDetails address of 100', { recipientDetails: { address: x(100) } }, size('recipientDetails.address')],
  // deviceDetails
  ...['DESKTOP', 'SMARTPHONE', 'TABLET', 'TV', 'UNKNOWN'].map((t): Row => [
    `deviceType ${t}`,
    { deviceDetails: { deviceType: t } },
    OK,
  ]),
  ['deviceType PHONE', { deviceDetails: { deviceType: 'PHONE' } }, oneOf('deviceDetails.deviceType')],
  ['deviceDetails ipAddress', { deviceDetails: { ipAddress: '192.168.100.200' } }, OK],
  [
    'deviceDetails ipAddress out of range',
    { deviceDetails: { ipAddress: '999.1.1.1' } },
    v(1019, /^\[deviceDetails\.ipAddress\] must be a valid ipv4$/),
  ],
  ['deviceDetails deviceName of 256', { deviceDetails: { deviceName: x(256) } }, size('deviceDetails.deviceName')],
  ['deviceDetails browser of 255', { deviceDetails: { browser: x(255), deviceOS: x(255) } }, OK],
  // items and amountDetails (1063)
  ['items summing to the amount', { items: [{ name: 'Tea', type: 'Physical', price: '2.50', quantity: '4' }] }, OK],
  [
    'items with amountDetails summing to the amount',
    {
      amount: '12.00',
      items: [
        { name: 'Tea', type: 'Physical', price: '2.50', quantity: '4' },
        { name: 'Promo', type: 'Discount', price: '1.00', quantity: '1' },
      ],
      amountDetails: { totalShipping: '2.00', totalHandling: '0.50', totalTax: '1.00', totalDiscount: '0.50' },
    },
    OK,
  ],
  [
    'items not summing to the amount',
    { items: [{ name: 'Tea', type: 'Physical', price: '2.50', quantity: '3' }] },
    v(1063, /^Total amount does not match items sum: items and amountDetails give 7\.50, amount is 10\.00$/),
  ],
  [
    'items with amountDetails not summing',
    { items: [{ name: 'Tea', type: 'Physical', price: '2.50', quantity: '4' }], amountDetails: { totalTax: '0.19' } },
    v(1063, /give 10\.19/),
  ],
  ['an item without name', { items: [{ type: 'Physical', price: '10', quantity: '1' }] }, missing('items[0].name')],
  ['an item without quantity', { items: [{ name: 'a', type: 'Physical', price: '10' }] }, missing('items[0].quantity')],
  [
    'an item of type Food',
    { items: [{ name: 'a', type: 'Food', price: '10', quantity: '1' }] },
    oneOf('items[0].type'),
  ],
  ...['Physical', 'Shipping_fee', 'Digital', 'Gift_card', 'Store_credit', 'Surcharge', 'Sales_tax'].map((t): Row => [
    `an item of type ${t}`,
    { items: [{ name: 'a', type: t, price: '10', quantity: '1' }] },
    OK,
  ]),
  [
    'an item price with 3 decimals',
    { items: [{ name: 'a', type: 'Physical', price: '1.001', quantity: '1' }] },
    v(1019, /^\[items\[0\]\.price\] must have at most 2 decimal places in EUR$/),
  ],
  [
    'an item price of 11 characters',
    { items: [{ name: 'a', type: 'Physical', price: '10000000.00', quantity: '1' }] },
    size('items[0].price'),
  ],
  [
    'an item quantity of 0',
    { items: [{ name: 'a', type: 'Physical', price: '10', quantity: '0' }] },
    v(1019, /^\[items\[0\]\.quantity\] must be a positive integer$/),
  ],
  [
    'an item quantity of 1.5',
    { items: [{ name: 'a', type: 'Physical', price: '10', quantity: '1.5' }] },
    v(1019, /positive integer/),
  ],
  [
    'an item groupId of 51',
    { items: [{ name: 'a', type: 'Physical', price: '10', quantity: '1', groupId: x(51) }] },
    size('items[0].groupId'),
  ],
  [
    'an item imageUrl of 610',
    { items: [{ name: 'a', type: 'Physical', price: '10', quantity: '1', imageUrl: x(610), productUrl: x(610) }] },
    OK,
  ],
  [
    'an item imageUrl of 611',
    { items: [{ name: 'a', type: 'Physical', price: '10', quantity: '1', imageUrl: x(611) }] },
    size('items[0].imageUrl'),
  ],
  [
    'an item with APM members',
    {
      items: [
        {
          name: 'a',
          type: 'Physical',
          price: '10',
          quantity: '1',
          tax: '1.9',
          taxRate: '19',
          discount: '0',
          discountRate: '0',
          shipping: '0',
          shippingTax: '0',
          shippingTaxRate: '0',
        },
      ],
    },
    OK,
  ],
  [
    'an item with another member',
    { items: [{ name: 'a', type: 'Physical', price: '10', quantity: '1', sku: '1' }] },
    unknown('items[0].sku'),
  ],
  [
    'items without amount',
    { amount: undefined, currency: undefined, items: [{ name: 'a', type: 'Physical', price: '1', quantity: '1' }] },
    v(1040, /when items is given/),
  ],
  ['amountDetails without items', { amountDetails: { totalTax: '1.00' } }, OK],
  [
    'amountDetails totalTax in words',
    { amountDetails: { totalTax: 'one' } },
    v(1019, /^\[amountDetails\.totalTax\] must be a decimal number/),
  ],
  ['amountDetails with another member', { amountDetails: { totalFees: '1' } }, unknown('amountDetails.totalFees')],
  // subMerchant and dynamicDescriptor
  [
    'subMerchant at the limits',
    { subMerchant: { countryCode: 'DE', city: x(20), id: x(15), address: x(48), state: x(6), phone: x(18) } },
    OK,
  ],
  [
    'subMerchant countryCode in lower case',
    { subMerchant: { countryCode: 'de' } },
    v(1019, /^\[subMerchant\.countryCode\] must be an upper-case ISO 3166-1 alpha-2 country code$/),
  ],
  ['subMerchant countryCode XX', { subMerchant: { countryCode: 'XX' } }, v(1019, /upper-case ISO 3166-1/)],
  ['subMerchant city of 21', { subMerchant: { city: x(21) } }, size('subMerchant.city')],
  ['subMerchant id of 16', { subMerchant: { id: x(16) } }, size('subMerchant.id')],
  ['subMerchant address of 49', { subMerchant: { address: x(49) } }, size('subMerchant.address')],
  ['subMerchant state of 7', { subMerchant: { state: x(7) } }, size('subMerchant.state')],
  ['subMerchant phone of 19', { subMerchant: { phone: x(19) } }, size('subMerchant.phone')],
  ['dynamicDescriptor merchantName of 25', { dynamicDescriptor: { merchantName: x(25), merchantPhone: x(13) } }, OK],
  [
    'dynamicDescriptor merchantName of 26',
    { dynamicDescriptor: { merchantName: x(26) } },
    size('dynamicDescriptor.merchantName'),
  ],
  [
    'dynamicDescriptor merchantPhone of 14',
    { dynamicDescriptor: { merchantPhone: x(14) } },
    size('dynamicDescriptor.merchantPhone'),
  ],
  ...[
    ['ABC', 18],
    ['ABCDEFG', 14],
    ['ABCDEFGHI', 12],
    ['ABCDEFGHIJKL', 9],
  ].flatMap(([prefix, n]): Row[] => [
    [
      `payment-facilitator descriptor ${prefix}* with a name of ${n}`,
      { dynamicDescriptor: { merchantName: `${prefix}*${'N'.repeat(n as number)}` } },
      OK,
    ],
    [
      `payment-facilitator descriptor ${prefix}* with a name of ${(n as number) + 1}`,
      { dynamicDescriptor: { merchantName: `${prefix}*${'N'.repeat((n as number) + 1)}` } },
      v(1019, /^\[dynamicDescriptor\.merchantName\] in payment-facilitator form must be/),
    ],
  ]),
  [
    'payment-facilitator descriptor with a prefix of 4',
    { dynamicDescriptor: { merchantName: 'ABCD*SHOP' } },
    v(1019, /payment-facilitator form/),
  ],
  [
    'payment-facilitator descriptor without a name',
    { dynamicDescriptor: { merchantName: 'ABC*' } },
    v(1019, /payment-facilitator form/),
  ],
  [
    'payment-facilitator descriptor with subMerchant address and state',
    { dynamicDescriptor: { merchantName: 'ABC*SHOP' }, subMerchant: { address: 'Main St 1', state: 'NY' } },
    OK,
  ],
  [
    'payment-facilitator descriptor with subMerchant lacking address',
    { dynamicDescriptor: { merchantName: 'ABC*SHOP' }, subMerchant: { state: 'NY' } },
    v(1019, /^\[subMerchant\.address\] must not be null for a payment-facilitator transaction$/),
  ],
  [
    'payment-facilitator descriptor with subMerchant lacking state',
    { dynamicDescriptor: { merchantName: 'ABC*SHOP' }, subMerchant: { address: 'Main St 1' } },
    v(1019, /^\[subMerchant\.state\]/),
  ],
  // merchantDetails, urlDetails, addendums, currencyConversion, paymentOption
  [
    'merchantDetails customField1..15 of 255',
    { merchantDetails: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`customField${i + 1}`, x(255)])) },
    OK,
  ],
  [
    'merchantDetails customField7 of 256',
    { merchantDetails: { customField7: x(256) } },
    size('merchantDetails.customField7'),
  ],
  [
    'merchantDetails customField16',
    { merchantDetails: { customField16: 'a' } },
    unknown('merchantDetails.customField16'),
  ],
  [
    'urlDetails with every member',
    {
      urlDetails: {
        successUrl: 'https://s.example/ok',
        failureUrl: 'https://s.example/ko',
        pendingUrl: 'https://s.example/p',
        notificationUrl: 'https://s.example/dmn',
        appReturnLink: 'app://back',
        appUrl: 'app://open',
      },
    },
    OK,
  ],
  [
    'urlDetails successUrl not a URI',
    { urlDetails: { successUrl: 'not a url' } },
    v(1019, /^\[urlDetails\.successUrl\] must be a valid URI$/),
  ],
  ['urlDetails notificationUrl of 1000', { urlDetails: { notificationUrl: `https://s.example/${x(982)}` } }, OK],
  [
    'urlDetails notificationUrl of 1001',
    { urlDetails: { notificationUrl: `https://s.example/${x(983)}` } },
    size('urlDetails.notificationUrl'),
  ],
  ['urlDetails appUrl of 256', { urlDetails: { appUrl: x(256) } }, size('urlDetails.appUrl')],
  [
    'urlDetails with another member',
    { urlDetails: { webhookUrl: 'https://s.example' } },
    unknown('urlDetails.webhookUrl'),
  ],
  [
    'addendums localPayment',
    {
      addendums: {
        localPayment: { numberOfInstallments: '3', nationalId: '123', installmentType: '1', debitType: '1' },
      },
    },
    OK,
  ],
  ['addendums of another type', { addendums: { airline: { ticketNumber: '1' } } }, OK],
  [
    'addendums localPayment nationalId not a string',
    { addendums: { localPayment: { nationalId: { id: '123' } } } },
    v(1019, /^\[addendums\.localPayment\.nationalId\] must be a string$/),
  ],
  // a number where a string is wanted is taken as its text, in an open object too (decision 0121)
  ['addendums localPayment nationalId as a JSON number', { addendums: { localPayment: { nationalId: 123 } } }, OK],
  [
    'currencyConversion MCP',
    { currencyConversion: { type: 'MCP', originalAmount: '9.00', originalCurrency: 'USD' } },
    OK,
  ],
  [
    'currencyConversion DCC',
    { currencyConversion: { type: 'DCC', originalAmount: '900', originalCurrency: 'JPY' } },
    OK,
  ],
  [
    'currencyConversion of type FX',
    { currencyConversion: { type: 'FX', originalAmount: '9', originalCurrency: 'USD' } },
    oneOf('currencyConversion.type'),
  ],
  [
    'currencyConversion originalCurrency ABC',
    { currencyConversion: { type: 'MCP', originalAmount: '9', originalCurrency: 'ABC' } },
    v(1041, /^\[currencyConversion\.originalCurrency\] must be an ISO 4217/),
  ],
  [
    'currencyConversion originalAmount with 3 decimals',
    { currencyConversion: { type: 'MCP', originalAmount: '9.001', originalCurrency: 'USD' } },
    v(1019, /^\[currencyConversion\.originalAmount\] must have at most 2/),
  ],
  [
    'currencyConversion without originalAmount',
    { currencyConversion: { type: 'MCP', originalCurrency: 'USD' } },
    missing('currencyConversion.originalAmount'),
  ],
  [
    'paymentOption card threeD and storedCredentials',
    {
      paymentOption: {
        card: {
          threeD: { v2AdditionalParams: { rebillExpiry: '20300101' } },
          storedCredentials: { storedCredentialsMode: '0' },
        },
      },
    },
    OK,
  ],
  [
    'paymentOption card number',
    { paymentOption: { card: { cardNumber: '4111111111111111' } } },
    unknown('paymentOption.card.cardNumber'),
  ],
  // free texts and sessionCardDeclineLimit
  ['productId of 50', { productId: x(50), customData: x(255), webMasterId: x(255), customSiteName: x(50) }, OK],
  ['productId of 51', { productId: x(51) }, size('productId')],
  ['customData of 256', { customData: x(256) }, size('customData')],
  ['webMasterId of 256', { webMasterId: x(256) }, size('webMasterId')],
  ['customSiteName of 51', { customSiteName: x(51) }, size('customSiteName')],
  ['sessionCardDeclineLimit 3', { sessionCardDeclineLimit: '3' }, OK],
  [
    'sessionCardDeclineLimit 0',
    { sessionCardDeclineLimit: '0' },
    v(1019, /^\[sessionCardDeclineLimit\] must be a positive integer$/),
  ],
  ['sessionCardDeclineLimit -1', { sessionCardDeclineLimit: '-1' }, v(1019, /positive integer/)],
  ['sessionCardDeclineLimit as a number', { sessionCardDeclineLimit: 3 }, OK],
  // billingAddress
  ['billingAddress with the required members', { billingAddress: BILLING }, OK],
  [
    'billingAddress with every member',
    {
      billingAddress: {
        ...BILLING,
        phone: x(18),
        city: x(30),
        address: x(50),
        streetNumber: x(20),
        zip: x(10),
        state: x(3),
        cell: x(18),
        county: x(255),
        addressMatch: 'Y',
        addressLine2: x(50),
        addressLine3: x(50),
        homePhone: x(18),
        workPhone: x(18),
      },
    },
    OK,
  ],
  ...(['country', 'email', 'firstName', 'lastName'] as const).map((m): Row => [
    `billingAddress without ${m}`,
    { billingAddress: { ...BILLING, [m]: undefined } },
    missing(`billingAddress.${m}`),
  ]),
  [
    'billingAddress country in lower case',
    { billingAddress: { ...BILLING, country: 'de' } },
    v(1019, /^\[billingAddress\.country\] must be an upper-case ISO 3166-1 alpha-2 country code$/),
  ],
  ['billingAddress country of 3', { billingAddress: { ...BILLING, country: 'DEU' } }, size('billingAddress.country')],
  [
    'billingAddress email without @',
    { billingAddress: { ...BILLING, email: 'ada.example.com' } },
    v(1019, /^\[billingAddress\.email\] must be a valid e-mail address$/),
  ],
  [
    'billingAddress email of 101',
    { billingAddress: { ...BILLING, email: `${x(89)}@example.com` } },
    size('billingAddress.email'),
  ],
  [
    'billingAddress firstName of 31',
    { billingAddress: { ...BILLING, firstName: x(31) } },
    size('billingAddress.firstName'),
  ],
  [
    'billingAddress lastName of 41',
    { billingAddress: { ...BILLING, lastName: x(41) } },
    size('billingAddress.lastName'),
  ],
  ['billingAddress zip of 11', { billingAddress: { ...BILLING, zip: x(11) } }, size('billingAddress.zip')],
  ['billingAddress state of 4', { billingAddress: { ...BILLING, state: x(4) } }, size('billingAddress.state')],
  ['billingAddress phone of 19', { billingAddress: { ...BILLING, phone: x(19) } }, size('billingAddress.phone')],
  [
    'billingAddress addressMatch X',
    { billingAddress: { ...BILLING, addressMatch: 'X' } },
    oneOf('billingAddress.addressMatch'),
  ],
  ['billingAddress with another member', { billingAddress: { ...BILLING, fax: '1' } }, unknown('billingAddress.fax')],
  // userDetails
  [
    'userDetails at the limits',
    {
      userDetails: {
        firstName: x(30),
        lastName: x(40),
        address: x(50),
        streetNumber: x(20),
        phone: x(18),
        zip: x(10),
        city: x(30),
        country: 'FR',
        state: x(3),
        email: 'a@b.fr',
        county: x(255),
        language: 'fr',
        dateOfBirth: '1990-02-28',
        identification: x(15),
      },
    },
    OK,
  ],
  // clients send country-style codes here ("US"): two letters in either case (docs/decisions/0152)
  ['userDetails language EN', { userDetails: { language: 'EN' } }, OK],
  ['userDetails language US', { userDetails: { language: 'US' } }, OK],
  ['userDetails language xx', { userDetails: { language: 'xx' } }, OK],
  [
    'userDetails language of three letters',
    { userDetails: { language: 'eng' } },
    v(1019, /^\[userDetails\.language\] (size must be|must be a two-letter)/),
  ],
  [
    'userDetails language of digits',
    { userDetails: { language: '12' } },
    v(1019, /must be a two-letter language code/),
  ],
  [
    'userDetails dateOfBirth 1990-02-30',
    { userDetails: { dateOfBirth: '1990-02-30' } },
    v(1019, /^\[userDetails\.dateOfBirth\] must be a date in format YYYY-MM-DD$/),
  ],
  ['userDetails dateOfBirth 19900228', { userDetails: { dateOfBirth: '19900228' } }, v(1019, /YYYY-MM-DD/)],
  [
    'userDetails country in lower case',
    { userDetails: { country: 'fr' } },
    v(1019, /^\[userDetails\.country\] must be an upper-case/),
  ],
  ['userDetails identification of 16', { userDetails: { identification: x(16) } }, size('userDetails.identification')],
  ['userDetails county of 256', { userDetails: { county: x(256) } }, size('userDetails.county')],
  // shippingAddress
  [
    'shippingAddress at the limits',
    {
      shippingAddress: {
        salutation: x(20),
        firstName: x(30),
        lastName: x(40),
        address: x(50),
        streetNumber: x(20),
        cell: x(18),
        phone: x(18),
        zip: x(10),
        city: x(30),
        country: 'GB',
        state: x(3),
        email: 'a@b.uk',
        county: x(255),
        addressLine2: x(50),
        addressLine3: x(50),
        companyName: x(255),
        careOf: x(50),
      },
    },
    OK,
  ],
  ['shippingAddress salutation of 21', { shippingAddress: { salutation: x(21) } }, size('shippingAddress.salutation')],
  ['shippingAddress careOf of 51', { shippingAddress: { careOf: x(51) } }, size('shippingAddress.careOf')],
  [
    'shippingAddress companyName of 256',
    { shippingAddress: { companyName: x(256) } },
    size('shippingAddress.companyName'),
  ],
  ['shippingAddress country UK (not ISO 3166-1)', { shippingAddress: { country: 'UK' } }, OK],
];

describe.each(dialects())('openOrder field rules (docs/session-methods.md) on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: CLOCK });
    s = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  it.each(ROWS)('%s', async (_name, patch, expected) => {
    const fields: Record<string, unknown> = { ...BASE, ...patch };
    for (const k of Object.keys(fields)) if (fields[k] === undefined) delete fields[k];
    const r = await s.send('openOrder', fields);
    expect(r.status).toBe(200);
    if (expected === OK) {
      expect(r.json, r.text).toMatchObject({ status: 'SUCCESS', errCode: 0, reason: '' });
    } else {
      expect(r.json, r.text).toMatchObject({ status: 'ERROR', errCode: expected[0] });
      expect(r.json.reason).toMatch(expected[1]);
    }
  });
});
