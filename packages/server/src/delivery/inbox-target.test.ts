import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../test/harness.js';
import { pointDemoAtInbox } from '../bootstrap/demo-inbox.js';
import { resendDelivery, sendTestNotification } from '../domain/notifications/notification.service.js';
import { INBOX_PATHS } from './inbox-target.js';
import { Relay } from './relay.js';

/**
 * A notification addressed to a sandbox inbox follows the site's inbox address at delivery time
 * (docs/decisions/0820): queued while the demo site pointed at a server that is gone, it is retried and
 * resent to the running server's inbox. Any other address is kept as it was created.
 */
describe('deliveries to the sandbox inbox', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('go to the inbox in force when sent, not to the address of a server that is gone', async () => {
    const gone = 'http://127.0.0.1:9';
    const from = { merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId };
    await pointDemoAtInbox(gw.rt.deps, gw.demo, gone);
    const dmn = await sendTestNotification(gw.rt.deps, from, { kind: 'dmn', url: `${gone}${INBOX_PATHS.dmn}` });
    const hook = await sendTestNotification(gw.rt.deps, from, {
      kind: 'webhook',
      url: `${gone}${INBOX_PATHS.webhook}`,
    });
    const other = await sendTestNotification(gw.rt.deps, from, { kind: 'dmn', url: `${gone}/not-an-inbox` });
    // the server restarted here: the site now points at this one's inbox
    expect((await pointDemoAtInbox(gw.rt.deps, gw.demo, gw.url)).moves).toHaveLength(2);
    const relay = new Relay({ store: gw.rt.store, deps: gw.rt.deps }, { timeoutMs: 5_000, allowPrivate: true });
    try {
      await relay.tick();
      const rows = async () =>
        Object.fromEntries(
          await Promise.all(
            [dmn, hook, other].map(async (d) => [d.id, (await resendDelivery(gw.rt.deps, d.id)).status] as const),
          ),
        );
      const inbox = async () =>
        (
          (await (await fetch(`${gw.url}/demo/inbox.json`)).json()) as {
            notifications: Array<{ kind: string; verified: boolean }>;
          }
        ).notifications;
      expect(await inbox()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'dmn', verified: true }),
          expect.objectContaining({ kind: 'webhook', verified: true }),
        ]),
      );
      // `deliveries resend` sends both there again; the other address is still the one it was made with
      expect(await rows()).toEqual({ [dmn.id]: 'pending', [hook.id]: 'pending', [other.id]: 'pending' });
      await relay.tick();
      expect((await inbox()).length).toBe(4);
    } finally {
      await relay.stop();
    }
  });
});
