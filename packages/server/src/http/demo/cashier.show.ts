import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { esc } from '../shared/html-page.js';
import { bundle } from '../shared/bundles.js';
import type { CashierContext } from './cashier-back-office.js';
import { CASHIER_LOCALES, CASHIER_THEMES, cashierHtml } from './cashier-page.js';
import { openDemoOrder } from './demo-order.js';
import { addDemoPayee, newDemoPayee } from './merchant-calls.js';

/**
 * `GET /demo/cashier[?theme=horizontal|tiles&locale=…]`, the demo shop's cashier (docs/withdrawals.md,
 * docs/decisions/0540): the shop's server creates a demo user with the sandbox card saved and opens an
 * order for it (openOrder.do with its userTokenId); the page calls `withdrawal()` for 15.00 EUR, then
 * plays the merchant's back office (cashier.find.ts, cashier.approve.ts, cashier.settle.ts) and shows
 * the request's DMNs (cashier.dmns.ts).
 */
export function cashierShowRoute(app: FastifyInstance, ctx: CashierContext): void {
  app.get<{ Querystring: { theme?: string; locale?: string } }>(
    '/demo/cashier',
    {
      schema: {
        hide: true,
        querystring: Type.Object({
          theme: Type.Optional(Type.String({ maxLength: 20 })),
          locale: Type.Optional(Type.String({ maxLength: 5 })),
        }),
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      const c = await ctx.credentials();
      if (!c)
        return ctx.send(reply, nonce, '<!doctype html><title>Gatehouse demo</title><p>No demo merchant.</p>', 404);
      const user = newDemoPayee();
      const upoId = await addDemoPayee(app, c, user);
      const answer = await openDemoOrder(app, request, c, 'demo-wd', user);
      if (answer.status !== 'SUCCESS' || !answer.sessionToken || !upoId)
        return ctx.send(
          reply,
          nonce,
          `<!doctype html><title>Gatehouse demo</title><p>The demo cashier could not start: ${esc(String(answer.reason ?? 'no saved card'))}</p>`,
          500,
        );
      const q = request.query;
      const init = JSON.stringify({
        sessionToken: answer.sessionToken,
        merchantId: c.merchantId,
        merchantSiteId: c.merchantSiteId,
        clientUniqueId: answer.clientUniqueId,
        userTokenId: user,
        upoId,
        theme: CASHIER_THEMES.includes(q.theme ?? '') ? q.theme : 'horizontal',
        locale: CASHIER_LOCALES.includes(q.locale ?? '') ? q.locale : 'en',
      });
      const sdk = bundle('websdk');
      const sri = sdk ? `integrity="${sdk.integrity}" crossorigin="anonymous"` : '';
      return ctx.send(reply, nonce, cashierHtml(nonce, init, sri));
    },
  );
}
