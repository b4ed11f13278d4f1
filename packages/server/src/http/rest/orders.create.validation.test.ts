import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, type HttpResult, startGateway, validOrder } from '../../../test/harness.js';
import { dialects } from '../../../test/dialects.js';

/**
 * Every field rule of the order request (docs/rest-orders.md) and the patch request (2.12): one request
 * that keeps the rule and at least one that breaks it. A rejection is a 400 in the REST error shape
 * whose code and reason name the field by its path (docs/rest-orders.md), and it stores nothing.
 * An `undefined` member in a body is dropped by JSON.stringify: that is how a field goes missing.
 */

interface Rejection {
  label: string;
  body: Record<string, unknown>;
  code: string;
  reason: string;
}

/** A required field is absent: 5000.1000 `[<path>] must not be null`. */
const missing = (path: string, body: Record<string, unknown>): Rejection => ({
  label: `without ${path}`,
  body,
  code: '5000.1000',
  reason: `[${path}] must not be null`,
});
/** Any other invalid value: 5000.1001 `[<path>] <rule>`. */
const invalid = (label: string, body: Record<string, unknown>, reason: string): Rejection => ({
  label,
  body,
  code: '5000.1001',
  reason,
});
/** A well-formed code that is not an ISO 4217 currency: 5000.1004. */
const unknownCurrency = (path: string, body: Record<string, unknown>): Rejection => ({
  label: `${path} XYZ`,
  body,
  code: '5000.1004',
  reason: `[${path}] must be an ISO 4217 currency code`,
});

interface Rule {
  rule: string;
  /** fields merged into a valid order: a request that keeps the rule */
  valid: Record<string, unknown>;
  invalid: Rejection[];
}

const item = { name: 'Tea', price: 12.75, quantity: 2, type: 'Physical' };
const conversion = { type: 'MCP', originalAmount: 20, originalCurrency: 'USD' };
const open = { min: 1, max: 100 };
const rebillInit = { step: 'init', expiry: '20300101', frequency: 30 };

/** `levels` levels of nested objects: nested(1) is `{}`, nested(2) is `{ a: {} }`. */
const nested = (levels: number): Record<string, unknown> => (levels <= 1 ? {} : { a: nested(levels - 1) });
/** A raw order whose deviceDetails nests `levels` objects: too deep for JSON.stringify in the test itself. */
const deepRaw = (order: Record<string, unknown>, levels: number) =>
  `${JSON.stringify(order).slice(0, -1)},"deviceDetails":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;

const max = (path: string, n: number) => `[${path}] size must be between 0 and ${n}`;
const exact = (path: string, n: number) => `[${path}] size must be ${n}`;
const oneOf = (path: string, values: string) => `[${path}] must be one of ${values}`;
const ITEM_TYPES = 'Discount, Physical, ShippingFee, Digital, GiftCard, StoreCredit, Surcharge, SalesTax';

const RULES: Rule[] = [
  // 2.1 order request: required fields
  {
    rule: 'processingEntityId is required and a uuid',
    valid: {},
    invalid: [
      missing('processingEntityId', { processingEntityId: undefined }),
      invalid(
        'processingEntityId not a uuid',
        { processingEntityId: 'abc' },
        '[processingEntityId] must be a valid UUID',
      ),
      invalid('processingEntityId a number', { processingEntityId: 42 }, '[processingEntityId] must be a string'),
    ],
  },
  {
    rule: 'amount is required, a number, >= 0',
    valid: { amount: 0, zeroAmountReason: 'addCard' },
    invalid: [
      missing('amount', { amount: undefined }),
      invalid('amount negative', { amount: -1 }, '[amount] must be greater than or equal to 0'),
      invalid('amount a string', { amount: '10' }, '[amount] must be a number'),
    ],
  },
  {
    rule: 'currency is required, exactly 3, ISO 4217',
    valid: { currency: 'USD' },
    invalid: [
      missing('currency', { currency: undefined }),
      invalid('currency of 4', { currency: 'EURO' }, exact('currency', 3)),
      invalid('currency of 2', { currency: 'EU' }, exact('currency', 3)),
      unknownCurrency('currency', { currency: 'XYZ' }),
    ],
  },
  {
    rule: 'permittedOperations is required, min 1 unique item of payments, operations',
    valid: { permittedOperations: ['payments', 'operations'] },
    invalid: [
      missing('permittedOperations', { permittedOperations: undefined }),
      invalid(
        'permittedOperations empty',
        { permittedOperations: [] },
        '[permittedOperations] must contain at least 1 item',
      ),
      invalid(
        'permittedOperations duplicated',
        { permittedOperations: ['payments', 'payments'] },
        '[permittedOperations] must not contain duplicate items',
      ),
      invalid(
        'permittedOperations item unknown',
        { permittedOperations: ['refunds'] },
        oneOf('permittedOperations[0]', 'payments, operations'),
      ),
      invalid(
        'permittedOperations a string',
        { permittedOperations: 'payments' },
        '[permittedOperations] must be an array',
      ),
    ],
  },
  // 2.1 order request: optional strings and their limits
  {
    rule: 'merchantTransactionId max 45',
    valid: { merchantTransactionId: 'm'.repeat(45) },
    invalid: [
      invalid(
        'merchantTransactionId of 46',
        { merchantTransactionId: 'm'.repeat(46) },
        max('merchantTransactionId', 45),
      ),
      invalid(
        'merchantTransactionId a number',
        { merchantTransactionId: 123 },
        '[merchantTransactionId] must be a string',
      ),
    ],
  },
  {
    rule: 'productId max 50',
    valid: { productId: 'p'.repeat(50) },
    invalid: [invalid('productId of 51', { productId: 'p'.repeat(51) }, max('productId', 50))],
  },
  {
    rule: 'agentId, mcc and digitalAssetType are strings',
    valid: { agentId: 'agent-7', mcc: '5411', digitalAssetType: 'crypto' },
    invalid: [
      invalid('agentId a number', { agentId: 7 }, '[agentId] must be a string'),
      invalid('mcc a number', { mcc: 5411 }, '[mcc] must be a string'),
      invalid('digitalAssetType an object', { digitalAssetType: {} }, '[digitalAssetType] must be a string'),
    ],
  },
  {
    rule: 'feeOriginCountryCode exactly 2',
    valid: { feeOriginCountryCode: 'DE' },
    invalid: [
      invalid('feeOriginCountryCode of 3', { feeOriginCountryCode: 'DEU' }, exact('feeOriginCountryCode', 2)),
      invalid('feeOriginCountryCode of 1', { feeOriginCountryCode: 'D' }, exact('feeOriginCountryCode', 2)),
    ],
  },
  // 2.1 order request: enums
  ...['Auth', 'PreAuth', 'Sale'].map((t) => ({
    rule: `transactionType ${t}`,
    valid: { transactionType: t },
    invalid: [
      invalid(
        'transactionType Capture',
        { transactionType: 'Capture' },
        oneOf('transactionType', 'Auth, PreAuth, Sale'),
      ),
    ],
  })),
  ...['recurring', 'installments', 'addCard', 'maintainCard', 'accountVerification'].map((reason) => ({
    rule: `zeroAmountReason ${reason}`,
    valid: { amount: 0, zeroAmountReason: reason },
    invalid: [
      invalid(
        'zeroAmountReason unknown',
        { amount: 0, zeroAmountReason: 'refund' },
        oneOf('zeroAmountReason', 'recurring, installments, addCard, maintainCard, accountVerification'),
      ),
    ],
  })),
  ...['none', 'tokenOnly', 'buyerToken'].map((option) => ({
    rule: `storePaymentOption ${option}`,
    valid: { storePaymentOption: option },
    invalid: [
      invalid(
        'storePaymentOption always',
        { storePaymentOption: 'always' },
        oneOf('storePaymentOption', 'none, tokenOnly, buyerToken'),
      ),
    ],
  })),
  // 2.1 order request: booleans
  {
    rule: 'isMoto, isPartialApproval, continueWithoutLiabilityShift are booleans',
    valid: { isMoto: true, isPartialApproval: false, continueWithoutLiabilityShift: false },
    invalid: [
      invalid('isMoto "true"', { isMoto: 'true' }, '[isMoto] must be a boolean'),
      invalid('isPartialApproval 1', { isPartialApproval: 1 }, '[isPartialApproval] must be a boolean'),
      invalid(
        'continueWithoutLiabilityShift "no"',
        { continueWithoutLiabilityShift: 'no' },
        '[continueWithoutLiabilityShift] must be a boolean',
      ),
    ],
  },
  // 2.1 order request: string maps
  {
    rule: 'custom maps strings to strings',
    valid: { custom: { cart: '42', note: '' } },
    invalid: [
      invalid('custom with a number value', { custom: { cart: 42 } }, '[custom.cart] must be a string'),
      invalid('custom a string', { custom: 'cart=42' }, '[custom] must be an object'),
    ],
  },
  {
    rule: 'uiConfig maps strings to strings',
    valid: { uiConfig: { theme: 'dark', locale: 'de' } },
    invalid: [
      invalid(
        'uiConfig with an object value',
        { uiConfig: { theme: { dark: true } } },
        '[uiConfig.theme] must be a string',
      ),
      invalid('uiConfig with a boolean value', { uiConfig: { compact: true } }, '[uiConfig.compact] must be a string'),
    ],
  },
  // 2.1 opaque objects: any members are accepted, but they must be objects
  {
    rule: 'objects of unshown structure accept any members',
    valid: {
      deviceDetails: { ipAddress: '10.0.0.1', anything: { nested: [1, 'two', null] } },
      buyerDetails: { firstName: 'Ada', loyalty: { tier: 3 } },
      storePaymentTokenBehaviour: { anything: true },
      threeD: { platformType: '02', browserDetails: { javaEnabled: false } },
      preventOverride: { x: 1 },
      aftDetails: { y: [] },
      recipientDetails: { z: 'z' },
      nameVerification: { firstName: 'Ada' },
    },
    invalid: [
      invalid('deviceDetails a string', { deviceDetails: 'iPhone' }, '[deviceDetails] must be an object'),
      invalid('threeD an array', { threeD: [] }, '[threeD] must be an object'),
    ],
  },
  // unknown fields
  {
    rule: 'the order request is a closed object',
    valid: {},
    invalid: [
      invalid('an unknown top-level field', { colour: 'red' }, '[colour] is not a known field'),
      invalid('a misspelt field', { ammount: 10 }, '[ammount] is not a known field'),
    ],
  },
  // 2.2 currencyConversion
  {
    rule: 'currencyConversion: type MCP, originalAmount >= 0, originalCurrency exactly 3, all required',
    valid: { currencyConversion: { ...conversion, originalAmount: 0 } },
    invalid: [
      missing('currencyConversion.type', { currencyConversion: { ...conversion, type: undefined } }),
      missing('currencyConversion.originalAmount', {
        currencyConversion: { ...conversion, originalAmount: undefined },
      }),
      missing('currencyConversion.originalCurrency', {
        currencyConversion: { ...conversion, originalCurrency: undefined },
      }),
      invalid(
        'currencyConversion.type DCC',
        { currencyConversion: { ...conversion, type: 'DCC' } },
        oneOf('currencyConversion.type', 'MCP'),
      ),
      invalid(
        'currencyConversion.originalAmount negative',
        { currencyConversion: { ...conversion, originalAmount: -0.01 } },
        '[currencyConversion.originalAmount] must be greater than or equal to 0',
      ),
      invalid(
        'currencyConversion.originalCurrency of 2',
        { currencyConversion: { ...conversion, originalCurrency: 'US' } },
        exact('currencyConversion.originalCurrency', 3),
      ),
      unknownCurrency('currencyConversion.originalCurrency', {
        currencyConversion: { ...conversion, originalCurrency: 'XYZ' },
      }),
      invalid(
        'currencyConversion.originalAmount beyond the USD exponent',
        { currencyConversion: { ...conversion, originalAmount: 1.005 } },
        '[currencyConversion.originalAmount] must have at most 2 decimal places in USD',
      ),
      invalid(
        'an unknown currencyConversion field',
        { currencyConversion: { ...conversion, rate: 1.1 } },
        '[currencyConversion.rate] is not a known field',
      ),
    ],
  },
  // 2.3 amountDetails
  {
    rule: 'amountDetails holds four numbers',
    valid: { amountDetails: { totalDiscount: 1, totalHandling: 0.5, totalShipping: 4.99, totalTax: 2 } },
    invalid: [
      invalid(
        'amountDetails.totalTax a string',
        { amountDetails: { totalTax: '2' } },
        '[amountDetails.totalTax] must be a number',
      ),
      invalid(
        'an unknown amountDetails field',
        { amountDetails: { totalFees: 1 } },
        '[amountDetails.totalFees] is not a known field',
      ),
    ],
  },
  // 2.4 items
  {
    rule: 'items: name, price, quantity and type are required',
    valid: { items: [item, { ...item, name: 'Cup', type: 'Digital' }] },
    invalid: [
      missing('items[0].name', { items: [{ ...item, name: undefined }] }),
      missing('items[0].price', { items: [{ ...item, price: undefined }] }),
      missing('items[0].quantity', { items: [{ ...item, quantity: undefined }] }),
      missing('items[0].type', { items: [{ ...item, type: undefined }] }),
      missing('items[1].name', { items: [item, { ...item, name: undefined }] }),
      invalid('items an object', { items: item }, '[items] must be an array'),
    ],
  },
  ...['Discount', 'Physical', 'ShippingFee', 'Digital', 'GiftCard', 'StoreCredit', 'Surcharge', 'SalesTax'].map(
    (type) => ({
      rule: `item type ${type}`,
      valid: { items: [{ ...item, type }] },
      invalid: [
        invalid('item type Service', { items: [{ ...item, type: 'Service' }] }, oneOf('items[0].type', ITEM_TYPES)),
      ],
    }),
  ),
  {
    rule: 'item quantity is an integer and price a number',
    valid: { items: [{ ...item, quantity: 3, price: 0.99 }] },
    invalid: [
      invalid('item quantity 1.5', { items: [{ ...item, quantity: 1.5 }] }, '[items[0].quantity] must be an integer'),
      invalid('item quantity "2"', { items: [{ ...item, quantity: '2' }] }, '[items[0].quantity] must be an integer'),
      invalid('item price "1"', { items: [{ ...item, price: '1' }] }, '[items[0].price] must be a number'),
      invalid('item name a number', { items: [{ ...item, name: 5 }] }, '[items[0].name] must be a string'),
    ],
  },
  {
    rule: 'item details: groupId, discountDetails, taxDetails, shippingDetails',
    valid: {
      items: [
        {
          ...item,
          groupId: 'drinks',
          discountDetails: { amount: 1, rate: 5 },
          taxDetails: { tax: 2.1, taxRate: 19 },
          shippingDetails: { price: 4, tax: 0.76, taxRate: 19 },
        },
      ],
    },
    invalid: [
      invalid(
        'discountDetails.rate a string',
        { items: [{ ...item, discountDetails: { rate: '5%' } }] },
        '[items[0].discountDetails.rate] must be a number',
      ),
      invalid(
        'taxDetails.tax a string',
        { items: [{ ...item, taxDetails: { tax: 'high' } }] },
        '[items[0].taxDetails.tax] must be a number',
      ),
      invalid(
        'shippingDetails.price a string',
        { items: [{ ...item, shippingDetails: { price: 'free' } }] },
        '[items[0].shippingDetails.price] must be a number',
      ),
      invalid('groupId a number', { items: [{ ...item, groupId: 3 }] }, '[items[0].groupId] must be a string'),
      invalid(
        'an unknown item field',
        { items: [{ ...item, colour: 'green' }] },
        '[items[0].colour] is not a known field',
      ),
      invalid(
        'an unknown taxDetails field',
        { items: [{ ...item, taxDetails: { vat: 1 } }] },
        '[items[0].taxDetails.vat] is not a known field',
      ),
    ],
  },
  {
    rule: 'item urlsDetails are URIs',
    valid: {
      items: [
        { ...item, urlsDetails: { imageUrl: 'https://shop.example/tea.png', productUrl: 'https://shop.example/tea' } },
      ],
    },
    invalid: [
      invalid(
        'imageUrl not a URI',
        { items: [{ ...item, urlsDetails: { imageUrl: 'tea.png' } }] },
        '[items[0].urlsDetails.imageUrl] must be a valid URI',
      ),
      invalid(
        'productUrl not a URI',
        { items: [{ ...item, urlsDetails: { productUrl: 'not a url' } }] },
        '[items[0].urlsDetails.productUrl] must be a valid URI',
      ),
    ],
  },
  // 2.5 dynamicDescriptor
  {
    rule: 'dynamicDescriptor: merchantName max 25, merchantContactInformation max 255',
    valid: { dynamicDescriptor: { merchantName: 'n'.repeat(25), merchantContactInformation: 'c'.repeat(255) } },
    invalid: [
      invalid(
        'merchantName of 26',
        { dynamicDescriptor: { merchantName: 'n'.repeat(26) } },
        max('dynamicDescriptor.merchantName', 25),
      ),
      invalid(
        'merchantContactInformation of 256',
        { dynamicDescriptor: { merchantContactInformation: 'c'.repeat(256) } },
        max('dynamicDescriptor.merchantContactInformation', 255),
      ),
      invalid(
        'an unknown dynamicDescriptor field',
        { dynamicDescriptor: { phone: '1' } },
        '[dynamicDescriptor.phone] is not a known field',
      ),
    ],
  },
  // 2.6 subMerchant
  {
    rule: 'subMerchant: id max 15, city max 20, name max 20, countryCode exactly 2',
    valid: {
      subMerchant: {
        id: 'i'.repeat(15),
        city: 'c'.repeat(20),
        name: 'n'.repeat(20),
        countryCode: 'FR',
        address: '1 Rue de la Paix',
        zip: '75002',
        phone: '+33 1 00 00 00 00',
        state: 'IDF',
        url: 'https://sub.example',
      },
    },
    invalid: [
      invalid('subMerchant.id of 16', { subMerchant: { id: 'i'.repeat(16) } }, max('subMerchant.id', 15)),
      invalid('subMerchant.city of 21', { subMerchant: { city: 'c'.repeat(21) } }, max('subMerchant.city', 20)),
      invalid('subMerchant.name of 21', { subMerchant: { name: 'n'.repeat(21) } }, max('subMerchant.name', 20)),
      invalid(
        'subMerchant.countryCode of 3',
        { subMerchant: { countryCode: 'FRA' } },
        exact('subMerchant.countryCode', 2),
      ),
      invalid(
        'subMerchant.countryCode of 1',
        { subMerchant: { countryCode: 'F' } },
        exact('subMerchant.countryCode', 2),
      ),
      invalid('subMerchant.zip a number', { subMerchant: { zip: 75002 } }, '[subMerchant.zip] must be a string'),
      invalid(
        'an unknown subMerchant field',
        { subMerchant: { mcc: '5411' } },
        '[subMerchant.mcc] is not a known field',
      ),
    ],
  },
  // 2.7 urlDetails
  ...['webhookUrl', 'successUrl', 'failureUrl', 'pendingUrl', 'returnToAppUrl'].map((field) => ({
    rule: `urlDetails.${field} is a URI`,
    valid: { urlDetails: { [field]: 'https://merchant.example/back?x=1' } },
    invalid: [
      invalid(
        `urlDetails.${field} not a URI`,
        { urlDetails: { [field]: 'merchant dot example' } },
        `[urlDetails.${field}] must be a valid URI`,
      ),
    ],
  })),
  {
    rule: 'urlDetails is a closed object',
    valid: { urlDetails: {} },
    invalid: [
      invalid(
        'urlDetails.notificationUrl',
        { urlDetails: { notificationUrl: 'https://x.example' } },
        '[urlDetails.notificationUrl] is not a known field',
      ),
    ],
  },
  // 2.8 rebill
  {
    rule: 'rebill step init needs expiry (YYYYMMDD) and frequency (integer)',
    valid: { rebill: { ...rebillInit, expiry: '20280229' } },
    invalid: [
      missing('rebill.expiry', { rebill: { ...rebillInit, expiry: undefined } }),
      missing('rebill.frequency', { rebill: { ...rebillInit, frequency: undefined } }),
      invalid(
        'rebill.expiry with dashes',
        { rebill: { ...rebillInit, expiry: '2030-01-01' } },
        '[rebill.expiry] must be a date in format YYYYMMDD',
      ),
      invalid(
        'rebill.expiry 20250231',
        { rebill: { ...rebillInit, expiry: '20250231' } },
        '[rebill.expiry] must be a date in format YYYYMMDD',
      ),
      invalid(
        'rebill.expiry month 13',
        { rebill: { ...rebillInit, expiry: '20251301' } },
        '[rebill.expiry] must be a date in format YYYYMMDD',
      ),
      invalid(
        'rebill.expiry 29 February of a common year',
        { rebill: { ...rebillInit, expiry: '20270229' } },
        '[rebill.expiry] must be a date in format YYYYMMDD',
      ),
      invalid(
        'rebill.frequency 30.5',
        { rebill: { ...rebillInit, frequency: 30.5 } },
        '[rebill.frequency] must be an integer',
      ),
      invalid(
        'rebill.frequency "30"',
        { rebill: { ...rebillInit, frequency: '30' } },
        '[rebill.frequency] must be an integer',
      ),
      invalid(
        'an unknown rebill field',
        { rebill: { ...rebillInit, amount: 5 } },
        '[rebill.amount] is not a known field',
      ),
    ],
  },
  ...['recurring', 'MIT', 'noShow', 'delayedCharges'].map((step) => ({
    rule: `rebill step ${step} needs neither expiry nor frequency`,
    valid: { rebill: { step } },
    invalid: [
      invalid(
        'rebill.step monthly',
        { rebill: { step: 'monthly' } },
        oneOf('rebill.step', 'init, recurring, MIT, noShow, delayedCharges'),
      ),
    ],
  })),
  // 2.9 openAmount
  {
    rule: 'openAmount: min >= 0 and max required, min <= amount <= max',
    valid: { amount: 0, openAmount: { min: 0, max: 0 } },
    invalid: [
      missing('openAmount.min', { openAmount: { ...open, min: undefined } }),
      missing('openAmount.max', { openAmount: { ...open, max: undefined } }),
      invalid(
        'openAmount.min negative',
        { openAmount: { ...open, min: -1 } },
        '[openAmount.min] must be greater than or equal to 0',
      ),
      invalid('openAmount.max a string', { openAmount: { ...open, max: '100' } }, '[openAmount.max] must be a number'),
      invalid(
        'openAmount.max below min',
        { amount: 10, openAmount: { min: 20, max: 5 } },
        '[openAmount.max] must be greater than or equal to openAmount.min',
      ),
      invalid(
        'amount above openAmount.max',
        { amount: 150, openAmount: open },
        '[amount] must be between openAmount.min and openAmount.max',
      ),
      invalid(
        'amount below openAmount.min',
        { amount: 0.5, openAmount: open },
        '[amount] must be between openAmount.min and openAmount.max',
      ),
      invalid(
        'an unknown openAmount field',
        { openAmount: { ...open, step: 1 } },
        '[openAmount.step] is not a known field',
      ),
    ],
  },
  {
    rule: 'openAmount amountSuggestions and paymentMethodOverrides are open structures',
    valid: {
      openAmount: {
        ...open,
        amountSuggestions: [{ amount: 10 }, { anything: 'x' }],
        paymentMethodOverrides: { card: { max: 50 } },
      },
    },
    invalid: [
      invalid(
        'amountSuggestions an object',
        { openAmount: { ...open, amountSuggestions: { amount: 10 } } },
        '[openAmount.amountSuggestions] must be an array',
      ),
      invalid(
        'amountSuggestions of numbers',
        { openAmount: { ...open, amountSuggestions: [10] } },
        '[openAmount.amountSuggestions[0]] must be an object',
      ),
    ],
  },
  // 2.10 extendedData
  {
    rule: 'extendedData has seven open members',
    valid: {
      extendedData: {
        risk: { score: 1 },
        localPayment: {},
        installments: { count: 3 },
        lodging: { nights: 2 },
        airlines: { legs: [] },
        marketplace: { seller: 's1' },
        level23: { lines: 1 },
      },
    },
    invalid: [
      invalid(
        'an unknown extendedData member',
        { extendedData: { crypto: {} } },
        '[extendedData.crypto] is not a known field',
      ),
      invalid('extendedData.risk a string', { extendedData: { risk: 'low' } }, '[extendedData.risk] must be an object'),
    ],
  },
  // Rules for every value, whatever its schema (src/http/validation.ts checkJsonValue)
  {
    rule: 'strings never hold U+0000',
    valid: {
      merchantTransactionId: 'tab\tand ✓',
      items: [{ ...item, name: 'Tea\n' }],
      custom: { note: 'line\nbreak' },
    },
    invalid: [
      invalid(
        'merchantTransactionId with U+0000',
        { merchantTransactionId: 'a\u0000b' },
        '[merchantTransactionId] must not contain the character U+0000',
      ),
      invalid('productId with U+0000', { productId: '\u0000' }, '[productId] must not contain the character U+0000'),
      invalid(
        'an item name with U+0000',
        { items: [{ ...item, name: 'Tea\u0000' }] },
        '[items[0].name] must not contain the character U+0000',
      ),
      invalid(
        'a custom value with U+0000',
        { custom: { note: 'x\u0000' } },
        '[custom.note] must not contain the character U+0000',
      ),
    ],
  },
  {
    rule: 'objects and arrays nest at most 32 levels',
    valid: { deviceDetails: nested(31) },
    invalid: [
      invalid(
        'deviceDetails 33 levels deep',
        { deviceDetails: nested(32) },
        '[deviceDetails] must not nest objects or arrays more than 32 levels deep',
      ),
      invalid(
        'arrays 40 levels deep',
        { buyerDetails: { list: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown } },
        '[buyerDetails] must not nest objects or arrays more than 32 levels deep',
      ),
    ],
  },
  // ADR 0002: amounts carry at most the currency's exponent of fraction digits
  {
    rule: 'amount precision follows the currency exponent',
    valid: { amount: 10.55, currency: 'EUR' },
    invalid: [
      invalid('10.555 EUR', { amount: 10.555, currency: 'EUR' }, '[amount] must have at most 2 decimal places in EUR'),
      invalid('1.5 JPY', { amount: 1.5, currency: 'JPY' }, '[amount] must have at most 0 decimal places in JPY'),
      invalid('1.2345 BHD', { amount: 1.2345, currency: 'BHD' }, '[amount] must have at most 3 decimal places in BHD'),
      invalid(
        'openAmount.min 0.001 EUR',
        { amount: 1, openAmount: { min: 0.001, max: 10 } },
        '[openAmount.min] must have at most 2 decimal places in EUR',
      ),
    ],
  },
  {
    rule: 'whole JPY and three-decimal BHD amounts are exact',
    valid: { amount: 1500, currency: 'JPY' },
    invalid: [
      invalid('0.5 JPY', { amount: 0.5, currency: 'JPY' }, '[amount] must have at most 0 decimal places in JPY'),
    ],
  },
];

async function countOrders(gw: Gateway): Promise<number> {
  const row = await gw.rt.store.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function expectError(r: HttpResult, status: number, code: string, reason?: string | RegExp): void {
  expect({ status: r.status, body: r.json }).toEqual({
    status,
    body: {
      result: {
        status: 'error',
        errors: {
          code,
          reason:
            reason === undefined
              ? expect.any(String)
              : typeof reason === 'string'
                ? reason
                : expect.stringMatching(reason),
        },
      },
    },
  });
}

describe.each(dialects())('POST /orders validation on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
  });
  afterAll(async () => {
    await gw.close();
  });

  const create = (body: Record<string, unknown>) =>
    gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw, body) });

  describe.each(RULES)('$rule', ({ valid, invalid: rejections }) => {
    it('accepts a request that keeps the rule', async () => {
      const r = await create(valid);
      expect(r.status, r.text).toBe(201);
      expect(r.json.result).toEqual({ status: 'success' });
    });

    it.each(rejections)('rejects $label with $code and stores nothing', async ({ body, code, reason }) => {
      const before = await countOrders(gw);
      expectError(await create(body), 400, code, reason);
      expect(await countOrders(gw)).toBe(before);
    });
  });

  it('accepts an order using every field at once', async () => {
    const r = await create({
      merchantTransactionId: 'kitchen-sink',
      agentId: 'agent-1',
      productId: 'Tea set',
      currencyConversion: conversion,
      amount: 25.5,
      currency: 'EUR',
      transactionType: 'Sale',
      isMoto: false,
      isPartialApproval: true,
      amountDetails: { totalDiscount: 0, totalHandling: 0, totalShipping: 0, totalTax: 0 },
      items: [{ ...item, urlsDetails: { imageUrl: 'https://shop.example/i.png' } }],
      dynamicDescriptor: { merchantName: 'Tea Shop', merchantContactInformation: 'help@tea.example' },
      subMerchant: { id: 'sub-1', countryCode: 'DE' },
      urlDetails: { webhookUrl: 'https://merchant.example/hook', successUrl: 'https://merchant.example/ok' },
      rebill: rebillInit,
      deviceDetails: { ipAddress: '127.0.0.1' },
      custom: { a: 'b' },
      buyerDetails: { email: 'ada@example.com' },
      permittedOperations: ['payments', 'operations'],
      uiConfig: { theme: 'light' },
      storePaymentOption: 'tokenOnly',
      storePaymentTokenBehaviour: {},
      continueWithoutLiabilityShift: true,
      threeD: {},
      preventOverride: {},
      openAmount: { min: 1, max: 100 },
      aftDetails: {},
      recipientDetails: {},
      mcc: '5411',
      feeOriginCountryCode: 'DE',
      nameVerification: {},
      digitalAssetType: 'none',
      extendedData: { risk: {} },
    });
    expect(r.status, r.text).toBe(201);
  });

  describe('bodies that are not an order object', () => {
    const post = (raw: string, contentType?: string) =>
      gw.request('POST', '/orders', {
        headers: { ...apiKey(gw), ...(contentType ? { 'content-type': contentType } : {}) },
        raw,
      });

    it('answers malformed JSON with 400 5000.1002', async () => {
      expectError(await post('{"amount":', 'application/json'), 400, '5000.1002');
    });

    it('answers an empty JSON body with 400 5000.1002', async () => {
      expectError(await post('', 'application/json'), 400, '5000.1002');
    });

    it('answers a text/plain body with 400 5000.1002', async () => {
      expectError(await post(JSON.stringify(validOrder(gw)), 'text/plain'), 400, '5000.1002');
    });

    it('answers a form-encoded body with 400 5000.1002', async () => {
      expectError(await post('amount=1&currency=EUR', 'application/x-www-form-urlencoded'), 400, '5000.1002');
    });

    it('answers a JSON array with 400 naming the body', async () => {
      expectError(
        await post(JSON.stringify([validOrder(gw)]), 'application/json'),
        400,
        '5000.1001',
        '[body] must be an object',
      );
    });

    it('answers a JSON string with 400 naming the body', async () => {
      expectError(await post('"order"', 'application/json'), 400, '5000.1001', '[body] must be an object');
    });

    it('answers a JSON null with 400', async () => {
      const r = await post('null', 'application/json');
      expect(r.status).toBe(400);
      expect(r.json.result.status).toBe('error');
    });

    it('answers a body over 1 MiB with 413 5000.1013', async () => {
      const huge = JSON.stringify(validOrder(gw, { custom: { pad: 'x'.repeat(1024 * 1024) } }));
      expectError(await post(huge, 'application/json'), 413, '5000.1013');
    });

    it.each([
      ['without', {}],
      ['with', { 'idempotency-key': 'deep-body' }],
    ])('answers a body nesting 5000 levels %s an idempotency key with 400, not 500', async (_with, headers) => {
      const r = await gw.request('POST', '/orders', {
        headers: { ...apiKey(gw), ...headers, 'content-type': 'application/json' },
        raw: deepRaw(validOrder(gw), 5000),
      });
      expectError(r, 400, '5000.1001', '[deviceDetails] must not nest objects or arrays more than 32 levels deep');
    });

    it('accepts application/json with a charset', async () => {
      const r = await post(JSON.stringify(validOrder(gw)), 'application/json; charset=utf-8');
      expect(r.status, r.text).toBe(201);
    });

    it('stored none of the rejected bodies', async () => {
      const before = await countOrders(gw);
      await post('{"amount":', 'application/json');
      await post(JSON.stringify(validOrder(gw)), 'text/plain');
      await post(JSON.stringify([validOrder(gw)]), 'application/json');
      expect(await countOrders(gw)).toBe(before);
    });
  });

  describe('PATCH /orders body (2.12)', () => {
    let sessionId: string;
    beforeAll(async () => {
      const r = await create({ amount: 10, openAmount: { min: 1, max: 100 } });
      expect(r.status).toBe(201);
      sessionId = r.json.sessionId;
    });
    const patch = (body: unknown) =>
      gw.request('PATCH', `/orders?sessionId=${sessionId}`, { headers: apiKey(gw), body });

    it('accepts a number within openAmount', async () => {
      const r = await patch({ amount: 42.5 });
      expect(r.status, r.text).toBe(200);
      expect(r.json).toEqual({ result: { status: 'success' } });
    });

    it.each([
      { label: 'without amount', body: {}, code: '5000.1000', reason: '[amount] must not be null' },
      { label: 'amount a string', body: { amount: '5' }, code: '5000.1001', reason: '[amount] must be a number' },
      {
        label: 'amount negative',
        body: { amount: -1 },
        code: '5000.1001',
        reason: '[amount] must be greater than or equal to 0',
      },
      {
        label: 'amount beyond the EUR exponent',
        body: { amount: 5.555 },
        code: '5000.1001',
        reason: '[amount] must have at most 2 decimal places in EUR',
      },
      {
        label: 'an unknown field',
        body: { amount: 5, currency: 'EUR' },
        code: '5000.1001',
        reason: '[currency] is not a known field',
      },
      { label: 'a JSON array', body: [{ amount: 5 }], code: '5000.1001', reason: '[body] must be an object' },
    ])('rejects $label', async ({ body, code, reason }) => {
      expectError(await patch(body), 400, code, reason);
      const status = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) });
      expect(status.json.amount).toBe(42.5);
    });

    it('answers malformed JSON with 400 5000.1002', async () => {
      const r = await gw.request('PATCH', `/orders?sessionId=${sessionId}`, {
        headers: { ...apiKey(gw), 'content-type': 'application/json' },
        raw: '{"amount": 1',
      });
      expectError(r, 400, '5000.1002');
    });
  });

  it('never answered 500 nor logged an unexpected error', () => {
    const errors = gw.logs.filter((l) => typeof l.level === 'number' && l.level >= 50);
    expect(errors).toEqual([]);
    expect(gw.logs.filter((l) => l.msg === 'request' && l.status === 500)).toEqual([]);
  });
});
