import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { sessionInit, sessionPay } from '../../../test/three-d-flow.js';
import { PAGE_TEXTS } from './page-texts.js';

/**
 * The pages Gatehouse renders itself speak the shopper's language (docs/decisions/0450): the `lang`
 * query first, then the order's `userDetails.language`, then the browser's Accept-Language; the
 * document says its language and direction, and the forms keep the language across their posts.
 */

const CHALLENGE = '2221008123677736';
const NOTIFY = 'https://merchant.example/3ds';

const htmlLang = (html: string) => /<html lang="([^"]+)" dir="(ltr|rtl)">/.exec(html)?.slice(1);
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('hosted pages in the shopper language', () => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;
  beforeAll(async () => {
    gw = await startGateway();
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    await gw?.close();
  });

  async function acsUrl(): Promise<string> {
    const { sessionToken, card, init } = await sessionInit(sc, CHALLENGE);
    const r = await sessionPay(sc, sessionToken, card, init.transactionId, NOTIFY, {
      challengePreference: 'Challenge',
    });
    return r.paymentOption.card.threeD.acsUrl as string;
  }

  async function apmUrl(order: Record<string, unknown> = {}): Promise<string> {
    const { sessionToken } = await sc.openOrder({ amount: '1234.50', currency: 'EUR', ...order });
    const r = await sc.send('payment', {
      sessionToken,
      clientRequestId: `apm-lang-${++seq}`,
      amount: '1234.50',
      currency: 'EUR',
      paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay', email: 'jane@example.com' } },
      billingAddress: { country: 'DE', zip: '10115' },
    });
    expect(r.json).toMatchObject({ transactionStatus: 'REDIRECT' });
    return r.json.redirectUrl as string;
  }

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers });
    return { status: res.status, html: await res.text() };
  };
  const post = async (url: string, action: string) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action }).toString(),
      redirect: 'manual',
    });
    return { status: res.status, html: await res.text() };
  };

  describe('the 3-D Secure challenge page', () => {
    it('without a language: English, left to right', async () => {
      const { status, html } = await get(await acsUrl());
      expect(status).toBe(200);
      expect(htmlLang(html)).toEqual(['en', 'ltr']);
      expect(h1(html)).toBe(PAGE_TEXTS.en.acsHeading);
      // the code field is labelled, described by the hint, and has the focus on a page of its own
      expect(html).toMatch(/<label for="code">/);
      expect(html).toMatch(/<input id="code"[^>]*aria-describedby="hint"[^>]*autofocus/);
    });

    it.each(['de', 'es', 'fr', 'it', 'pl', 'pt', 'ru'] as const)(
      '?lang=%s: the page, its form and its answer in that language',
      async (lang) => {
        const url = await acsUrl();
        const { html } = await get(`${url}?lang=${lang}`);
        expect(htmlLang(html)).toEqual([lang, 'ltr']);
        expect(h1(html)).toBe(PAGE_TEXTS[lang].acsHeading);
        expect(html).toContain(PAGE_TEXTS[lang].failAuth);
        expect(html).toContain(`?lang=${lang}"`);
        const answer = await post(`${url}?lang=${lang}`, 'complete');
        expect(h1(answer.html)).toBe(PAGE_TEXTS[lang].authCompleted);
        expect(htmlLang(answer.html)).toEqual([lang, 'ltr']);
        // answered: closed, still in the language
        expect(h1((await get(`${url}?lang=${lang}`)).html)).toBe(PAGE_TEXTS[lang].acsClosed);
      },
    );

    it('Hebrew is right to left; the amount and the card number stay left to right', async () => {
      const { html } = await get(`${await acsUrl()}?lang=he`);
      expect(htmlLang(html)).toEqual(['he', 'rtl']);
      expect(html).toContain('<bdi dir="ltr">10.00 EUR</bdi>');
      expect(html).toContain('<bdi dir="ltr">222100******7736</bdi>');
    });

    it("the browser's Accept-Language when the query names none; the query wins over it", async () => {
      const url = await acsUrl();
      expect(h1((await get(url, { 'accept-language': 'ja, fr-CH;q=0.9, en;q=0.5' })).html)).toBe(
        PAGE_TEXTS.fr.acsHeading,
      );
      expect(h1((await get(`${url}?lang=it`, { 'accept-language': 'fr' })).html)).toBe(PAGE_TEXTS.it.acsHeading);
      // an unknown query language falls through to the browser's
      expect(h1((await get(`${url}?lang=xx`, { 'accept-language': 'pl' })).html)).toBe(PAGE_TEXTS.pl.acsHeading);
    });

    it('an unknown authentication: 404 in the language', async () => {
      const { status, html } = await get(`${gw.url}/acs/challenge/1-00000000-0000-0000-0000-000000000000?lang=de`);
      expect(status).toBe(404);
      expect(h1(html)).toBe(PAGE_TEXTS.de.acsUnknown);
    });

    it("the hosted fields' completion page gets the language passed on, and says it", async () => {
      const { sessionToken, card, init } = await sessionInit(sc, CHALLENGE);
      const own = `${gw.url}/hosted/v1/three-d/complete?mo=${encodeURIComponent('http://localhost:1234')}`;
      const r = await sessionPay(sc, sessionToken, card, init.transactionId, own, { challengePreference: 'Challenge' });
      const answer = await post(`${r.paymentOption.card.threeD.acsUrl}?lang=ru`, 'fail');
      expect(h1(answer.html)).toBe(PAGE_TEXTS.ru.authFailed);
      const action = /action="([^"]+)"/.exec(answer.html)![1]!.replaceAll('&amp;', '&');
      expect(new URL(action).searchParams.get('lang')).toBe('ru');
      const done = await get(action);
      expect(htmlLang(done.html)).toEqual(['ru', 'ltr']);
      expect(done.html).toContain(PAGE_TEXTS.ru.verificationComplete);
      // a merchant's notificationURL is left as it was given
      const other = await acsUrl();
      expect((await post(`${other}?lang=ru`, 'complete')).html).toContain(`action="${NOTIFY}"`);
    });
  });

  describe('the simulated APM provider page', () => {
    it("the order's userDetails.language; the amount in that language's digits; captions from the catalogue", async () => {
      const url = await apmUrl({ userDetails: { firstName: 'Jane', lastName: 'Doe', language: 'de' } });
      const { html } = await get(url);
      expect(htmlLang(html)).toEqual(['de', 'ltr']);
      expect(h1(html)).toBe('Mit RedirectPay bezahlen');
      expect(html).toContain('<bdi dir="ltr">1.234,50 EUR</bdi>');
      expect(html).toContain('<dt>E-Mail-Adresse</dt>');
      for (const key of ['approve', 'decline', 'pending', 'apmSandboxHint'] as const)
        expect(html).toContain(PAGE_TEXTS.de[key]);
      // the query wins over the order's language
      expect(h1((await get(`${url}?lang=fr`)).html)).toBe('Payer avec RedirectPay');
    });

    it('its answer and the result page keep the language (no return URLs: a result page)', async () => {
      const url = await apmUrl();
      const page = await get(url, { 'accept-language': 'es-MX,es;q=0.9' });
      expect(h1(page.html)).toBe('Pagar con RedirectPay');
      const action = /<form method="post" action="([^"]+)"/.exec(page.html)![1]!;
      expect(action).toMatch(/\?lang=es$/);
      const answer = await post(new URL(action, gw.url).toString(), 'approve');
      expect(answer.status).toBe(200);
      expect(answer.html).toContain('data-status="APPROVED"');
      expect(h1(answer.html)).toBe(PAGE_TEXTS.es.resultApproved);
      expect(answer.html).toContain(PAGE_TEXTS.es.closeWindow);
      // answered: the page shows the result (410), in the browser's language
      const again = await get(url, { 'accept-language': 'pt' });
      expect(again.status).toBe(410);
      expect(h1(again.html)).toBe(PAGE_TEXTS.pt.resultApproved);
    });

    it('an invalid answer and an unknown payment say so in the language', async () => {
      const url = await apmUrl();
      const bad = await post(`${url}?lang=it`, 'maybe');
      expect(bad.status).toBe(400);
      expect(h1(bad.html)).toBe(PAGE_TEXTS.it.apmInvalid);
      const unknown = await get(`${gw.url}/apm/redirect/1-abc?lang=pl`);
      expect(unknown.status).toBe(404);
      expect(h1(unknown.html)).toBe(PAGE_TEXTS.pl.apmUnknown);
      expect(htmlLang(unknown.html)).toEqual(['pl', 'ltr']);
    });
  });
});
