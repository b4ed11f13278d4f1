/**
 * The order every target receives: a realistic REST 2.0 `POST /orders` body of about 1.5 KB with
 * items, urlDetails and deviceDetails, valid against OrderRequest (and Gatehouse's semantic rules).
 */

/** A syntactically valid uuid of the same length, for targets that have no processing entity. */
export const PLACEHOLDER_ENTITY_ID = '00000000-0000-4000-8000-000000000000';

export function orderBody(processingEntityId: string = PLACEHOLDER_ENTITY_ID): string {
  const shop = 'https://shop.example.com';
  const cdn = 'https://cdn.example.com/img';
  const order = {
    processingEntityId,
    merchantTransactionId: 'web-2025-0000184213',
    amount: 121.96,
    currency: 'USD',
    transactionType: 'Sale',
    isMoto: false,
    amountDetails: { totalDiscount: 10, totalHandling: 0, totalShipping: 5.99, totalTax: 10.99 },
    items: [
      {
        name: 'Trail running shoes',
        price: 89.99,
        quantity: 1,
        type: 'Physical',
        groupId: 'footwear',
        discountDetails: { amount: 10 },
        taxDetails: { tax: 6.4, taxRate: 8 },
        urlsDetails: { imageUrl: `${cdn}/sku-48213.jpg`, productUrl: `${shop}/p/trail-runner-48213` },
      },
      {
        name: 'Merino socks 3-pack',
        price: 24.99,
        quantity: 1,
        type: 'Physical',
        groupId: 'apparel',
        taxDetails: { tax: 2, taxRate: 8 },
        urlsDetails: { imageUrl: `${cdn}/sku-10577.jpg`, productUrl: `${shop}/p/merino-socks-10577` },
      },
      { name: 'Express shipping', price: 5.99, quantity: 1, type: 'ShippingFee' },
    ],
    urlDetails: {
      webhookUrl: 'https://api.example.com/payments/webhooks/gatehouse',
      successUrl: `${shop}/checkout/success?order=184213`,
      failureUrl: `${shop}/checkout/failed?order=184213`,
    },
    deviceDetails: {
      ipAddress: '203.0.113.42',
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      language: 'en-US',
      colorDepth: 24,
      screenHeight: 1117,
      screenWidth: 1728,
      timeZoneOffset: -120,
      javaEnabled: false,
      javaScriptEnabled: true,
      deviceType: 'desktop',
      deviceOs: 'macOS 14.4',
    },
    permittedOperations: ['payments', 'operations'],
  };
  return JSON.stringify(order);
}
