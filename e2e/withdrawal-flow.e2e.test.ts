import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../packages/server/test/harness.js';
import { type SessionClient, sessionClient } from '../packages/server/test/session-client.js';
import { cardUpo, wdCall } from '../packages/server/test/withdrawals.js';
import { launchChromium } from './chromium.js';
import { type Cashier, eventsNamed, fillNewCard, startCashier, WAIT, waitEvent, withdraw } from './withdrawal-page.js';

/**
 * withdrawal() on a cashier page in real headless Chromium, against a real server: a new card reaches
 * a Pending request the merchant sees; a saved card; the limit of open requests; a cancel from the list;
 * the merchant's approval and settlement shown the next time the component opens.
 */

describe('withdrawal() in a real browser', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let browser: Browser;
  let cashier: Cashier;
  let n = 0;
  const user = () => `wd-e2e-${++n}`;
  const session = async (u: string) =>
    (await sc.openOrder({ userTokenId: u, amount: '20.00', currency: 'EUR' })).sessionToken;
  const merchantList = async (u: string) =>
    (await wdCall(gw, 'getRequests', { userTokenId: u })).json.withdrawalRequests as any[];

  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
    browser = await launchChromium();
    cashier = await startCashier(gw, browser);
  });
  afterAll(async () => {
    await cashier?.close();
    await browser?.close();
    await gw?.close();
  });

  it('a new card: the request is Pending, onResult says so, and withdrawal/getRequests.do lists it', async () => {
    const u = user();
    const p = await cashier.open({ token: await session(u), user: u });
    // no saved method: the gallery opens on the card, its hosted fields shown
    await expect(p.locator('.ghc-pay').textContent()).resolves.toContain('Withdraw €20.00');
    await fillNewCard(p, '4761344136141390');
    const r = await withdraw(p);
    expect(r).toMatchObject({
      result: 'PENDING',
      errCode: 0,
      wdRequestStatus: 'Pending',
      userId: u,
      wdRequestsLimitReached: true,
    });
    expect(r.wdRequestId).toBeTruthy();
    const list = await merchantList(u);
    expect(list.map((w) => String(w.wdRequestId))).toContain(String(r.wdRequestId));
    expect(list[0]).toMatchObject({ requestedAmount: '20.00', requestedCurrency: 'EUR', wdRequestStatus: 'Pending' });
    // the message took the focus; the request is listed, cancellable
    await p.waitForFunction(() => document.activeElement?.classList.contains('ghc-status'), null, WAIT);
    await expect(p.locator(`[data-wd="${r.wdRequestId}"]`).textContent()).resolves.toContain('Pending');
    await p.close();
  });
  it('a new bank account (an APM): its fields checked in the form, saved as a UPO, the request Pending', async () => {
    const u = user();
    const p = await cashier.open({ token: await session(u), user: u, opts: { theme: 'tiles' } });
    await p.getByRole('button', { name: 'Bank payout' }).click();
    await p.getByLabel('IBAN').fill('DE00');
    await p.locator('.ghc-pay').click();
    // the provider's own message for the IBAN; nothing sent
    await expect(p.locator('#ghw-apm-iban-err').textContent()).resolves.toBe('Enter a valid IBAN');
    expect(await eventsNamed(p, 'result')).toEqual([]);
    await p.getByLabel('Account holder').fill('John Smith');
    await p.getByLabel('IBAN').fill('DE89370400440532013000');
    await p.getByLabel('BIC / SWIFT').fill('COBADEFFXXX');
    const r = await withdraw(p);
    expect(r).toMatchObject({ result: 'PENDING', wdRequestStatus: 'Pending' });
    const [w] = await merchantList(u);
    expect(w).toMatchObject({ wdRequestId: r.wdRequestId, pmName: 'apmgw_BankPayout', requestedAmount: '20.00' });
    await p.close();
    // the next visit lists the saved account under the method's name in the user's language, masked
    const again = await cashier.open({ token: await session(u), user: u, opts: { locale: 'de' } });
    const saved = (await again.locator('#wd').innerText()).replace(/\s+/g, ' ');
    expect(saved).toMatch(/Auszahlung auf Bankkonto \S*\*/);
    expect(saved).not.toContain('BankPayout');
    await again.close();
  });

  it('a saved card: selected at once, the request Pending for that UPO, with the chosen suggested amount', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const p = await cashier.open({
      token: await session(u),
      user: u,
      opts: {
        openAmount: { min: 10, max: 200 },
        amountSuggestions: ['25', '50', '100'],
        merchantWDRequestId: 'mwd-7',
        showResponseMessage: { pending: false },
      },
    });
    const radio = p.getByRole('radio', { name: /1390/ });
    await expect(radio.isChecked()).resolves.toBe(true);
    // no card frames are shown for a saved card
    expect(await p.locator('[data-ghc-frame=ccNumber]').count()).toBe(0);
    await p.getByRole('button', { name: '€50.00' }).click();
    await waitEvent(p, 'suggested');
    expect((await eventsNamed(p, 'suggested'))[0]).toEqual({ amount: '50', currency: 'EUR' });
    await expect(p.locator('.ghc-pay').textContent()).resolves.toContain('Withdraw €50.00');
    const r = await withdraw(p);
    expect(r).toMatchObject({ result: 'PENDING', wdRequestStatus: 'Pending', merchantWDRequestId: 'mwd-7' });
    // showResponseMessage {pending: false}: no message; the focus goes to the requests, the new one listed
    await p.waitForFunction(() => document.activeElement?.id === 'ghw-requests-h', null, WAIT);
    await expect(p.locator('.ghc-status').textContent()).resolves.toBe('');
    await expect(p.locator(`[data-wd="${r.wdRequestId}"]`).count()).resolves.toBe(1);
    const [w] = await merchantList(u);
    expect(w).toMatchObject({ userPMId: upo, requestedAmount: '50.00', wdRequestStatus: 'Pending' });
    await p.close();
  });

  it('wdRequestsLimit reached: the button is disabled with a message, onReady says wdRequestsLimitReached', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    for (const amount of ['5.00', '6.00']) {
      const r = await wdCall(gw, 'submitRequest', { userTokenId: u, userPMId: upo, amount, currency: 'EUR' });
      expect(r.json.wdRequestStatus).toBe('Pending');
    }
    const p = await cashier.open({ token: await session(u), user: u, opts: { wdRequestsLimit: '2' } });
    expect((await eventsNamed(p, 'ready'))[0]).toEqual({ loaded: true, wdRequestsLimitReached: true });
    const button = p.locator('.ghc-pay');
    await expect(button.isDisabled()).resolves.toBe(true);
    await expect(p.locator('#ghw-limit').textContent()).resolves.toContain('limit of open withdrawal requests');
    await expect(button.getAttribute('aria-describedby')).resolves.toBe('ghw-limit');
    await p.close();

    // under the limit (3), the same user may withdraw, and onResult then says the limit is reached
    const q = await cashier.open({ token: await session(u), user: u, opts: { wdRequestsLimit: '3' } });
    expect((await eventsNamed(q, 'ready'))[0]).toEqual({ loaded: true, wdRequestsLimitReached: false });
    const r = await withdraw(q);
    expect(r).toMatchObject({ result: 'PENDING', wdRequestsLimitReached: true });
    await q.close();
  });

  it('cancel from the list: wdRequestCanceled fires, the focus goes to the message, the merchant sees Canceled', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const made = await wdCall(gw, 'submitRequest', { userTokenId: u, userPMId: upo, amount: '12.50', currency: 'EUR' });
    const id = String(made.json.wdRequestId);
    const p = await cashier.open({ token: await session(u), user: u });
    await expect(p.locator('.ghc-pay').isDisabled()).resolves.toBe(true);
    const cancel = p.getByRole('button', { name: 'Cancel the withdrawal of €12.50' });
    await cancel.focus();
    await p.keyboard.press('Enter');
    await waitEvent(p, 'canceled');
    expect((await eventsNamed(p, 'canceled'))[0]).toMatchObject({
      wdRequestId: id,
      wdRequestStatus: 'Canceled',
      amount: '12.50',
      currency: 'EUR',
    });
    await p.waitForFunction(() => document.activeElement?.classList.contains('ghc-status'), null, WAIT);
    await expect(p.locator('.ghc-status').textContent()).resolves.toContain('€12.50 was canceled');
    // the limit no longer holds: the button is enabled again
    await p.waitForFunction(() => !(document.querySelector('.ghc-pay') as HTMLButtonElement).disabled, null, WAIT);
    expect(await p.locator(`[data-wd="${id}"]`).count()).toBe(0);
    const [w] = await merchantList(u);
    expect(w).toMatchObject({ wdRequestId: Number(id), wdRequestStatus: 'Canceled' });
    await p.close();
  });

  it("the merchant's approval and settlement show the next time the component opens", async () => {
    const u = user();
    const p = await cashier.open({ token: await session(u), user: u, opts: { wdRequestsLimit: '5' } });
    await fillNewCard(p, '4761344136141390');
    const r = await withdraw(p);
    expect(r.result).toBe('PENDING');
    await p.close();

    const approved = await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId });
    expect(approved.json).toMatchObject({
      status: 'SUCCESS',
      wdRequestStatus: 'InProgress',
      wdOrderStatus: 'Approved',
    });
    const q = await cashier.open({ token: await session(u), user: u, opts: { wdRequestsLimit: '5' } });
    const row = q.locator(`[data-wd="${r.wdRequestId}"]`);
    await expect(row.getAttribute('data-wd-status')).resolves.toBe('InProgress');
    await expect(row.textContent()).resolves.toContain('Approved, being paid out');
    // no longer cancellable from the component
    expect(await row.getByRole('button').count()).toBe(0);
    await q.close();

    const settled = await wdCall(gw, 'settleWithdrawalOrder', { wdOrderId: approved.json.wdOrderId });
    expect(settled.json).toMatchObject({ status: 'SUCCESS' });
    const v = await cashier.open({ token: await session(u), user: u, opts: { wdRequestsLimit: '5' } });
    const paid = v.locator(`[data-wd="${r.wdRequestId}"]`);
    await expect(paid.getAttribute('data-wd-status')).resolves.toBe('Approved');
    await expect(paid.textContent()).resolves.toContain('Paid out');
    await expect(v.locator('.ghc-status').textContent()).resolves.toContain('Your withdrawal of €20.00 was approved.');
    await v.close();
  });
  it('methods: getApms (WITHDRAWAL) and getUserUPOs before and after rendering, the overlay, addUpo, destroy', async () => {
    const u = user();
    const token = await session(u);
    const p = await cashier.open({
      token,
      user: u,
      opts: { pmBlacklist: ['apmgw_BankPayout'], payButton: 'textButton', i18n: { withdraw: 'Cash out' } },
    });
    await expect(p.locator('.ghc-pay').textContent()).resolves.toBe('Cash out');
    const call = (name: string, arg?: unknown) =>
      p.evaluate(
        ([n, a]) =>
          new Promise((resolve) => {
            const w = (window as any).withdrawal;
            void (a === undefined ? w[n](resolve) : w[n](a, resolve));
          }),
        [name, arg] as const,
      ) as Promise<any>;
    const before = await call('getApms', { sessionToken: token, countryCode: 'DE', languageCode: 'en' });
    expect(before).toMatchObject({ status: 'SUCCESS', type: 'WITHDRAWAL' });
    const ids = before.paymentMethods.map((m: any) => m.paymentMethod);
    expect(ids).toContain('apmgw_BankPayout');
    expect(await call('getApms', { countryCode: 'DE' })).toMatchObject({ status: 'SUCCESS', type: 'WITHDRAWAL' });
    // pmBlacklist hides the method in the gallery
    expect(await p.getByRole('button', { name: /BankPayout|Bank payout/i }).count()).toBe(0);
    expect(await call('getUserUPOs')).toMatchObject({ status: 'SUCCESS', paymentMethods: [] });

    await p.evaluate(() => (window as any).withdrawal.applyOverlay());
    await p.locator('[data-ghc-overlay]').waitFor(WAIT);
    await p.evaluate(() => (window as any).withdrawal.removeOverlay());
    expect(await p.locator('[data-ghc-overlay]').count()).toBe(0);

    // addUpo saves the new card without withdrawing; it is then the selected saved method
    await fillNewCard(p, '4761344136141390');
    expect(await call('addUpo')).toMatchObject({ result: 'ADDED', userPaymentOptionId: expect.anything() });
    await expect(p.getByRole('radio', { name: /1390/ }).isChecked()).resolves.toBe(true);
    expect((await call('getUserUPOs')).paymentMethods).toHaveLength(1);
    expect(await merchantList(u)).toEqual([]);

    await p.evaluate(() => (window as any).withdrawal.destroy());
    expect(await p.locator('#wd').innerHTML()).toBe('');
    expect(await call('getUserUPOs')).toMatchObject({ result: 'ERROR', errCode: 1000 });
    await p.close();
  });
});
