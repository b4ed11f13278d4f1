import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { startRelay } from '../packages/server/src/delivery/relay.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../packages/server/test/card-scan.js';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import {
  eventsNamed,
  fillCard,
  fillValidCard,
  pay,
  type Shop,
  startShop,
  WAIT,
  waitEvent,
  waitValid,
} from './checkout-page.js';
import { launchChromium } from './chromium.js';

/**
 * The hosted checkout (docs/checkout.md) in real headless Chromium: a merchant page on its own origin calls
 * checkout(); the shopper pays in the form; every test asserts the callbacks and the server's status
 * (getPaymentStatus, getUserUPOs) of the session.
 */

const APPROVED = '4761344136141390';
const DECLINED = '4000000000000002';
const CHALLENGE = '2221008123677736';
const CHALLENGE_FAIL = '4000008400001629';
const GBP_CARD = '4000008260000000';

describe('hosted checkout in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let shop: Shop;

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    browser = await launchChromium();
    shop = await startShop(gw, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    try {
      expect(await cardNumbersAtRest(gw, [APPROVED, DECLINED, CHALLENGE, CHALLENGE_FAIL, GBP_CARD])).toEqual([]);
    } finally {
      await gw?.close();
    }
  });

  const status = async (sessionToken: string) => (await sc.call('getPaymentStatus', { sessionToken })).json;
  const order = (extra: Record<string, unknown> = {}) => sc.openOrder({ amount: '15.00', currency: 'EUR', ...extra });
  const cardOnly = { pmWhitelist: ['cc_card'], savePM: 'false' };

  it('a new card: onReady, onFormValidated, prePayment and onResult APPROVED; the server agrees; the DMN goes out', async () => {
    const dmns: Array<Record<string, string>> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        dmns.push(Object.fromEntries(new URLSearchParams(body)));
        res.end('OK');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const relay = startRelay(gw.rt);
    const notificationUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dmn`;
    const { sessionToken } = await order({ urlDetails: { notificationUrl } });
    const p = await shop.open({ token: sessionToken, opts: cardOnly });
    expect((await eventsNamed(p, 'ready'))[0]).toEqual({ loaded: true });
    // pmWhitelist ['cc_card']: the card form is open at once, with the standard autocomplete attributes
    expect(await p.locator('[data-ghc-form=cc_card]').count()).toBe(1);
    expect(await p.locator('#ghc-name').getAttribute('autocomplete')).toBe('cc-name');
    await fillValidCard(p, APPROVED);
    const result = await pay(p);
    expect(result).toMatchObject({
      result: 'APPROVED',
      errCode: 0,
      transactionStatus: 'APPROVED',
      last4Digits: '1390',
    });
    expect(Object.keys(result).every((k) => !['status', 'reason', 'version'].includes(k))).toBe(true);
    const [pre] = await eventsNamed(p, 'prePayment');
    expect(pre).toEqual({
      paymentOption: { paymentMethod: 'cc_card' },
      amount: '15.00',
      currency: 'EUR',
      useDCC: false,
      dccDetails: null,
      savePM: false,
      installmentType: null,
      numberOfInstallments: 'none',
      promoCode: false,
    });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: result.transactionId,
    });
    await p.locator('.ghc-status.ghc-ok').waitFor(WAIT);
    // the order's DMN, as for any payment
    await expect
      .poll(() => dmns.find((d) => d.TransactionID === result.transactionId), { timeout: 60_000 })
      .toMatchObject({ Status: 'APPROVED', totalAmount: '15.00', currency: 'EUR' });
    await relay.stop();
    await new Promise((r) => receiver.close(r));
    await p.close();
  });

  const upos = async (sessionToken: string) =>
    ((await gw.request('POST', '/client/v1/getUserUPOs', { body: { sessionToken } })).json?.paymentMethods ??
      []) as Array<Record<string, any>>;
  const storeCard = async (userTokenId: string, cardNumber = '5555555555554444') => {
    const { sessionToken } = await order({ userTokenId });
    const r = await gw.request('POST', '/client/v1/addCardUpo', {
      body: {
        sessionToken,
        card: { cardNumber, cardHolderName: 'John Smith', expirationMonth: '09', expirationYear: '2031' },
      },
    });
    expect(r.json.result).toBe('ADDED');
    return String(r.json.userPaymentOptionId);
  };

  it('declined, then recovered with another card: onDeclineRecovery gets the history, the second card is approved', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({
      token: sessionToken,
      opts: { ...cardOnly, locale: 'de' },
      recovery: { retry: false, supportMessage: 'Rufen Sie uns an' },
    });
    await fillValidCard(p, DECLINED);
    const declined = await pay(p);
    expect(declined).toMatchObject({ result: 'DECLINED', errCode: 0, transactionStatus: 'DECLINED' });
    await waitEvent(p, 'declineRecovery');
    const [history] = await eventsNamed(p, 'declineRecovery');
    expect(history).toEqual([
      expect.objectContaining({ paymentMethod: 'cc_card', transactionId: declined.transactionId }),
    ]);
    // the decline in the shopper's language, the override applied (no retry, the support message shown)
    await p.locator('[data-ghc-recovery]').waitFor(WAIT);
    expect(await p.locator('.ghc-status').textContent()).toContain('abgelehnt');
    expect(await p.locator('[data-recovery=retry]').count()).toBe(0);
    expect(await p.locator('[data-ghc-recovery]').textContent()).toContain('Rufen Sie uns an');
    await p.locator('[data-recovery=differentCard]').click();
    await fillValidCard(p, APPROVED);
    const approved = await pay(p, 2);
    expect(approved).toMatchObject({ result: 'APPROVED', transactionStatus: 'APPROVED' });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: approved.transactionId,
    });
    await p.close();
  });

  it('disableDeclineRecovery: a decline shows its message and offers nothing else', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, disableDeclineRecovery: true } });
    await fillValidCard(p, DECLINED);
    expect(await pay(p)).toMatchObject({ result: 'DECLINED' });
    await p.locator('.ghc-status.ghc-bad').waitFor(WAIT);
    expect(await eventsNamed(p, 'declineRecovery')).toEqual([]);
    expect(await p.locator('[data-ghc-recovery]').count()).toBe(0);
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'DECLINED' });
    await p.close();
  });

  for (const [name, card, button, outcome] of [
    ['completed', CHALLENGE, '#complete', 'APPROVED'],
    ['failed', CHALLENGE_FAIL, '#fail', 'DECLINED'],
  ] as const) {
    it(`3-D Secure challenge ${name} in the modal`, async () => {
      const { sessionToken } = await order();
      const p = await shop.open({ token: sessionToken, opts: cardOnly });
      await fillValidCard(p, card);
      await p.evaluate(() => void (window as any).checkout.submitPayment());
      const acs = p.frameLocator('[data-gatehouse-challenge] iframe');
      await acs.locator('#code').fill('123456', WAIT);
      await acs.locator(button).click(WAIT);
      await waitEvent(p, 'result');
      const [result] = await eventsNamed(p, 'result');
      expect(result).toMatchObject({ result: outcome, transactionStatus: outcome });
      if (outcome === 'APPROVED') expect(result).toMatchObject({ eci: expect.any(String), cavv: expect.any(String) });
      const types = (await eventsNamed(p, 'event')).map((e) => e.type);
      expect(types).toEqual(expect.arrayContaining(['challengeOpened', 'challengeCompleted', 'paymentResult']));
      expect(await status(sessionToken)).toMatchObject({
        transactionStatus: outcome,
        transactionId: result.transactionId,
      });
      await p.close();
    });
  }

  it('a saved card: CVV asked in a Gatehouse frame by default, not asked with alwaysCollectCvv never', async () => {
    const upoId = await storeCard('co-saved');
    for (const [mode, cvv] of [
      ['always', true],
      ['never', false],
    ] as const) {
      const { sessionToken } = await order({ userTokenId: 'co-saved' });
      const p = await shop.open({
        token: sessionToken,
        opts: { alwaysCollectCvv: mode, selectUpo: upoId, savePM: 'false' },
      });
      expect(await p.locator(`[data-upo="${upoId}"] input`).isChecked()).toBe(true);
      expect(await p.locator('[data-ghc-frame=upoCvc]').count()).toBe(cvv ? 1 : 0);
      if (cvv) {
        // without the CVV the form is invalid and nothing is paid
        expect(await p.evaluate(() => (window as any).checkout.submitPayment())).toMatchObject({ result: 'ERROR' });
        const f = p.frameLocator('[data-ghc-frame=upoCvc] iframe').locator('input[autocomplete="cc-csc"]');
        await f.fill('123', WAIT);
        await waitValid(p);
      }
      const result = await pay(p);
      expect(result).toMatchObject({ result: 'APPROVED', userPaymentOptionId: upoId });
      const [pre] = await eventsNamed(p, 'prePayment');
      expect(pre.paymentOption).toEqual({ userPaymentOptionId: upoId, paymentMethod: 'cc_card' });
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED' });
      await p.close();
    }
  });

  for (const [savePM, checkbox, stored] of [
    ['always', 'always', true],
    ['force', 'force', true],
    ['true', 'true', false],
    ['false', null, false],
  ] as const) {
    it(`savePM ${savePM}: ${stored ? 'the card is stored' : 'nothing is stored'}`, async () => {
      const user = `co-save-${savePM}`;
      const { sessionToken } = await order({ userTokenId: user });
      const opts: Record<string, unknown> = { pmWhitelist: ['cc_card'], savePM };
      if (savePM === 'always') opts.savePmUrl = 'https://shop.example/terms';
      const p = await shop.open({ token: sessionToken, opts });
      const save = p.locator('[data-ghc-save]');
      if (checkbox === null) expect(await save.count()).toBe(0);
      else expect(await save.getAttribute('data-ghc-save')).toBe(checkbox);
      if (savePM === 'force') expect(await p.locator('#ghc-save').isChecked()).toBe(true);
      if (savePM === 'always')
        expect(await p.locator('[data-ghc-save] a').getAttribute('href')).toBe('https://shop.example/terms');
      await fillValidCard(p, APPROVED);
      expect(await pay(p)).toMatchObject({ result: 'APPROVED' });
      expect((await eventsNamed(p, 'prePayment'))[0].savePM).toBe(stored);
      expect(await upos(sessionToken)).toHaveLength(stored ? 1 : 0);
      await p.close();
    });
  }

  it('an APM by redirect: the shopper approves on the provider page and the server agrees', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({
      token: sessionToken,
      opts: { pmWhitelist: ['cc_card', 'apmgw_RedirectPay'], apmWindowType: 'redirect', email: 'jane@example.com' },
    });
    await p.locator('[data-method=apmgw_RedirectPay]').click();
    expect(await p.locator('input[name=email]').inputValue()).toBe('jane@example.com');
    const [select] = (await eventsNamed(p, 'select')).slice(-1);
    expect(select).toMatchObject({ paymentMethod: 'apmgw_RedirectPay' });
    await Promise.all([p.waitForURL(/\/apm\//, WAIT), p.evaluate(() => void (window as any).checkout.submitPayment())]);
    await p.click('#approve');
    await p.waitForSelector('#landed, #result', WAIT);
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED' });
    await p.close();
  });

  it('DCC: a GBP card is offered its currency; accepted, the card is charged in GBP (onResult, status, DMN)', async () => {
    const dmns: Array<Record<string, string>> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        dmns.push(Object.fromEntries(new URLSearchParams(body)));
        res.end('OK');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const relay = startRelay(gw.rt);
    const notificationUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/dmn`;
    const { sessionToken } = await order({ urlDetails: { notificationUrl } });
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, useDCC: 'enable' } });
    await fillValidCard(p, GBP_CARD);
    const offer = p.locator('[data-ghc-dcc=GBP] input[type=checkbox]');
    await offer.waitFor(WAIT);
    expect(await offer.isChecked()).toBe(false);
    await offer.check();
    const result = await pay(p);
    expect(result).toMatchObject({ result: 'APPROVED', currency: 'GBP' });
    const [pre] = await eventsNamed(p, 'prePayment');
    expect(pre).toMatchObject({
      useDCC: true,
      dccDetails: {
        amount: '15.00',
        currency: 'EUR',
        chargedCurrency: 'GBP',
        rate: expect.any(String),
        markup: expect.any(String),
      },
    });
    expect(Number(pre.dccDetails.chargedAmount)).toBeGreaterThan(0);
    // charged converted: the quote the shopper accepted, not the order's EUR 15.00
    expect(result.amount).toBe(pre.dccDetails.chargedAmount);
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: result.transactionId,
      amount: pre.dccDetails.chargedAmount,
      currency: 'GBP',
    });
    expect(await gw.rt.deps.storage.read.dcc.find(result.transactionId)).toMatchObject({
      originalAmount: 1500,
      originalCurrency: 'EUR',
    });
    await expect
      .poll(() => dmns.find((d) => d.TransactionID === result.transactionId), { timeout: 60_000 })
      .toMatchObject({ Status: 'APPROVED', totalAmount: pre.dccDetails.chargedAmount, currency: 'GBP' });
    await relay.stop();
    await new Promise((r) => receiver.close(r));
    await p.close();
  });

  it('installments (Mexico): the choice and the national ID reach prePayment', async () => {
    const { sessionToken } = await sc.openOrder({ amount: '500.00', currency: 'MXN' });
    const p = await shop.open({
      token: sessionToken,
      opts: {
        ...cardOnly,
        amount: '500.00',
        currency: 'MXN',
        country: 'MX',
        billingAddress: { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', country: 'MX' },
        cardInstallments: { installmentType: { singlePayment: true, type2: [3, 6] }, nationalId: '' },
      },
    });
    await fillCard(p, APPROVED);
    // required: no choice yet, so the form is not valid
    expect(await p.evaluate(() => (window as any).checkout.submitPayment())).toMatchObject({ result: 'ERROR' });
    await p.selectOption('#ghc-inst', 'type2:6');
    await p.fill('#ghc-nid', 'RUAA800101');
    await waitValid(p);
    expect(await pay(p)).toMatchObject({ result: 'APPROVED' });
    const [pre] = await eventsNamed(p, 'prePayment');
    expect(pre).toMatchObject({ installmentType: 'type2', numberOfInstallments: 6, currency: 'MXN' });
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED' });
    await p.close();
  });

  it('prePayment rejecting stops the payment and shows its message; nothing is charged', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({ token: sessionToken, opts: cardOnly, reject: 'Out of stock' });
    await fillValidCard(p, APPROVED);
    const answer = await p.evaluate(() => (window as any).checkout.submitPayment());
    expect(answer).toMatchObject({ result: 'ERROR', errorDescription: 'Out of stock' });
    expect(await p.locator('.ghc-status').textContent()).toBe('Out of stock');
    expect(await eventsNamed(p, 'result')).toEqual([]);
    expect((await status(sessionToken)).transactionStatus).not.toBe('APPROVED');
    await p.close();
  });

  it('setOpenAmount within openAmount changes what is charged; outside it is refused', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({
      token: sessionToken,
      opts: { ...cardOnly, openAmount: { min: 5, max: 50 }, amountSuggestions: ['10.00', '25.00'] },
    });
    const outside = await p.evaluate(
      () => new Promise((resolve) => (window as any).checkout.setOpenAmount(500, resolve)),
    );
    expect(outside).toMatchObject({ result: 'ERROR', errCode: 1040 });
    const inside = await p.evaluate(
      () => new Promise((resolve) => (window as any).checkout.setOpenAmount(20, resolve)),
    );
    expect(inside).toMatchObject({ result: 'SUCCESS', amount: '20.00', currency: 'EUR' });
    await p.locator('.ghc-suggest button').first().click();
    await waitEvent(p, 'suggested');
    expect((await eventsNamed(p, 'suggested'))[0]).toEqual({ amount: '10.00', currency: 'EUR' });
    await fillValidCard(p, APPROVED);
    expect(await pay(p)).toMatchObject({ result: 'APPROVED' });
    expect((await eventsNamed(p, 'prePayment'))[0].amount).toBe('10.00');
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED', amount: '10.00' });
    await p.close();
  });

  it('deleteUpo: resolves SUCCESS, fires upoDeleted, the UPO is gone on the server; an unknown id rejects', async () => {
    const upoId = await storeCard('co-delete');
    const { sessionToken } = await order({ userTokenId: 'co-delete' });
    const p = await shop.open({ token: sessionToken });
    expect(await p.locator(`[data-upo="${upoId}"]`).count()).toBe(1);
    const answer = await p.evaluate((id) => (window as any).checkout.deleteUpo(id), upoId);
    expect(answer).toMatchObject({ result: 'SUCCESS', userPaymentOptionId: upoId });
    expect((await eventsNamed(p, 'upoDeleted'))[0]).toEqual({ userPaymentOptionId: upoId, result: 'SUCCESS' });
    expect(await p.locator(`[data-upo="${upoId}"]`).count()).toBe(0);
    expect(await upos(sessionToken)).toEqual([]);
    const failed = await p.evaluate((id) => (window as any).checkout.deleteUpo(id).catch((e: unknown) => e), upoId);
    expect(failed).toMatchObject({ result: 'ERROR' });
    await p.close();
  });

  it('methods: getToken, getCardDetails, getUserUPOs, overlay, showDeclined/showApproved/showRefresh, destroy', async () => {
    const { sessionToken } = await order({ userTokenId: 'co-methods' });
    const p = await shop.open({ token: sessionToken, opts: { ...cardOnly, savePM: 'true' } });
    await fillValidCard(p, APPROVED);
    const token = await p.evaluate(() => (window as any).checkout.getToken());
    expect(token).toMatchObject({ ccTempToken: expect.any(String) });
    const details = await p.evaluate(() => new Promise((r) => (window as any).checkout.getCardDetails(r)));
    expect(details).toMatchObject({ brand: expect.any(String), bin: '476134' });
    const list = await p.evaluate(() => new Promise((r) => (window as any).checkout.getUserUPOs(r)));
    expect(list).toMatchObject({ paymentMethods: [] });
    const apms = await p.evaluate(() => new Promise((r) => (window as any).checkout.getApms(r)));
    expect((apms as any).paymentMethods.length).toBeGreaterThan(0);
    await p.evaluate(() => (window as any).checkout.applyOverlay());
    expect(await p.locator('[data-ghc-overlay]').count()).toBe(1);
    await p.evaluate(() => (window as any).checkout.removeOverlay());
    expect(await p.locator('[data-ghc-overlay]').count()).toBe(0);
    await p.evaluate(() => (window as any).checkout.showDeclined('Nope'));
    expect(await p.locator('.ghc-status').textContent()).toBe('Nope');
    await p.evaluate(() => (window as any).checkout.showApproved());
    expect(await p.locator('.ghc-status.ghc-ok').count()).toBe(1);
    await p.evaluate(() => (window as any).checkout.showRefresh());
    // final (docs/decisions/0421): the form gives way to the message, no pay button is left
    expect(await p.locator('.ghc .ghc-pay').count()).toBe(0);
    await p.evaluate(() => (window as any).checkout.destroy());
    expect(await p.evaluate(() => document.querySelector('#co')!.querySelectorAll('iframe,input,button').length)).toBe(
      0,
    );
    await p.close();
  });

  it('invalid parameters answer the SDK error shape to onResult and render nothing', async () => {
    const { sessionToken } = await order();
    const p = await shop.browserPage();
    await p.goto(
      `${shop.url}#${encodeURIComponent(JSON.stringify({ token: sessionToken, opts: { currency: 'euro' } }))}`,
    );
    await waitEvent(p, 'result');
    expect((await eventsNamed(p, 'result'))[0]).toMatchObject({
      result: 'ERROR',
      errCode: 1041,
      errorDescription: expect.stringContaining('currency'),
    });
    expect(await p.evaluate(() => (window as any).returned)).toMatchObject({ result: 'ERROR', status: 'ERROR' });
    // nothing was downloaded for the form
    expect(
      await p.evaluate(() => performance.getEntriesByType('resource').some((e) => /checkout\./.test(e.name))),
    ).toBe(false);
    await p.close();
  });

  it('/demo/checkout: the demo shop renders the checkout under its strict CSP and pays', async () => {
    const p = await shop.browserPage();
    const csp: string[] = [];
    p.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await p.goto(`${gw.url}/demo/checkout?theme=accordion&locale=de`);
    await p.locator('.ghc.ghc-theme-accordion[lang=de]').waitFor(WAIT);
    // the style sheet got in with the script tag's nonce: the form is styled
    await expect.poll(() => p.locator('.ghc').evaluate((b) => getComputedStyle(b).borderTopLeftRadius)).toBe('10px');
    await p.locator('[data-method=cc_card]').click();
    await fillCard(p, APPROVED);
    await p.locator('.ghc .ghc-pay').click();
    await p.locator('#status').filter({ hasText: 'APPROVED' }).waitFor(WAIT);
    expect(csp).toEqual([]);
    await p.close();
  });

  it('an APM in a pop-up: the shopper approves there and onResult gets APPROVED', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({
      token: sessionToken,
      opts: { pmWhitelist: ['apmgw_RedirectPay'], apmWindowType: 'popup', email: 'jane@example.com', savePM: 'false' },
    });
    // a single method: its form is open at once
    expect(await p.locator('[data-ghc-form=apmgw_RedirectPay]').count()).toBe(1);
    const [popup] = await Promise.all([
      p.waitForEvent('popup', WAIT),
      p.evaluate(() => void (window as any).checkout.submitPayment()),
    ]);
    await popup.click('#approve', WAIT);
    await waitEvent(p, 'result');
    expect((await eventsNamed(p, 'result'))[0]).toMatchObject({ result: 'APPROVED' });
    expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED' });
    await p.close();
  });

  it('an APM in a new tab (apmWindowType newTab): the shopper approves there, onResult gets APPROVED, the server agrees', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({
      token: sessionToken,
      opts: { pmWhitelist: ['apmgw_RedirectPay'], apmWindowType: 'newTab', email: 'jane@example.com', savePM: 'false' },
    });
    expect(await p.locator('[data-ghc-form=apmgw_RedirectPay]').count()).toBe(1);
    // what the SDK asks window.open for: a new tab has no pop-up window features
    await p.evaluate(() => {
      const w = window as any;
      const open = window.open.bind(window);
      w.opened = [];
      window.open = (...args: any[]) => {
        w.opened.push({ target: args[1], features: args[2] ?? null });
        return open(...args);
      };
    });
    const [tab] = await Promise.all([
      p.context().waitForEvent('page', WAIT),
      p.evaluate(() => void (window as any).checkout.submitPayment()),
    ]);
    expect(await p.evaluate(() => (window as any).opened)).toEqual([{ target: '_blank', features: null }]);
    await tab.waitForLoadState('domcontentloaded', WAIT);
    expect(new URL(tab.url()).origin).toBe(gw.url);
    await tab.click('#approve', WAIT);
    await waitEvent(p, 'result');
    const [result] = await eventsNamed(p, 'result');
    expect(result).toMatchObject({ result: 'APPROVED', transactionStatus: 'APPROVED' });
    expect((await eventsNamed(p, 'event')).find((e) => e.type === 'apmRedirect')).toMatchObject({
      apmWindowType: 'newTab',
    });
    expect(await status(sessionToken)).toMatchObject({
      transactionStatus: 'APPROVED',
      transactionId: result.transactionId,
    });
    await p.close();
  });

  it('form callbacks: onPaymentFormChange with positional arguments, userData, onSelectPaymentMethod', async () => {
    const { sessionToken } = await order();
    const p = await shop.open({ token: sessionToken, opts: { selectPM: 'cc_card', fullName: '' } });
    expect((await eventsNamed(p, 'select'))[0]).toMatchObject({
      paymentMethod: 'cc_card',
      label: 'Credit or debit card',
    });
    await p.locator('#ghc-name').pressSequentially('Jo');
    await p.locator('#ghc-name').blur();
    const changes = (await eventsNamed(p, 'change')).filter((c) => c[1] === 'Name on card');
    expect(changes.at(-1)).toEqual(['cc_card', 'Name on card', 'input', 'J', 'Jo', true, false]);
    await waitEvent(p, 'userData');
    expect((await eventsNamed(p, 'userData')).at(-1)).toEqual({ cardHolderName: 'Jo' });
    // a card frame reports its state, never its content
    await p.frameLocator('[data-ghc-frame=ccNumber] iframe').locator('input').fill(APPROVED, WAIT);
    await p.waitForFunction(() =>
      (window as any).events.some((e: any) => e[0] === 'change' && e[1][1] === 'Card number'),
    );
    const number = (await eventsNamed(p, 'change')).find((c) => c[1] === 'Card number');
    expect(number).toEqual(['cc_card', 'Card number', 'change', 'empty', 'complete', true, false]);
    expect(JSON.stringify(await eventsNamed(p, 'change'))).not.toContain('1390');
    await p.close();
  });

  it('options in the browser: showMore, maskCvv, blockCards, asciiValidation, read-only APM fields, upoRestriction, apmConfig', async () => {
    const upoId = await storeCard('co-options');
    const { sessionToken } = await order({ userTokenId: 'co-options' });
    const p = await shop.open({
      token: sessionToken,
      opts: {
        paymentTiles: 'showMore',
        maskCvv: true,
        blockCards: [['amex']],
        asciiValidation: true,
        prepopulateApmFields: { email: 'fixed@example.com' },
        readonlyPrepopulateApmFields: true,
        upoRestriction: { maxCards: 1 },
        apmConfig: { apmgw_MobileWallet: { savePM: 'always' } },
        disableDeleteUpoButton: true,
      },
    });
    expect(await p.locator('[data-method]').count()).toBe(3);
    await p.locator('.ghc-methods .ghc-link').click();
    expect(await p.locator('[data-method]').count()).toBeGreaterThan(3);
    expect(await p.locator(`[data-upo="${upoId}"] .ghc-del`).count()).toBe(0);
    await p.locator('[data-method=cc_card]').click();
    // maxCards reached: no saving offered for cards
    expect(await p.locator('[data-ghc-save]').count()).toBe(0);
    const cvc = p.frameLocator('[data-ghc-frame=ccCvc] iframe').locator('input');
    await expect.poll(() => cvc.getAttribute('type')).toBe('password');
    await p.frameLocator('[data-ghc-frame=ccNumber] iframe').locator('input').fill('375510288656924', WAIT);
    await p.locator('[data-ghc-frame=ccNumber].sfc-invalid').waitFor(WAIT);
    expect(await p.locator('.ghc-card .ghc-err').first().textContent()).toContain('not accepted');
    await p.fill('#ghc-name', 'Jöhn Smith');
    expect(await p.evaluate(() => (window as any).checkout.submitPayment())).toMatchObject({ result: 'ERROR' });
    expect(await p.locator('#ghc-err-cardHolderName').textContent()).toBe('Use Latin letters only');
    await p.locator('[data-method=apmgw_RedirectPay]').click();
    const email = p.locator('[data-ghc-form=apmgw_RedirectPay] input[name=email]');
    expect(await email.inputValue()).toBe('fixed@example.com');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await p.locator('[data-method=apmgw_MobileWallet]').click();
    expect(await p.locator('[data-ghc-save]').getAttribute('data-ghc-save')).toBe('always');
    await p.close();
  });
});
