import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { NOTIFY_PAYLOAD_MAX, type NotifyChannel, notifyChannel } from '../store/notify-channel.js';
import type { ListenHub, SentDelivery } from './listen-hub.js';

/**
 * `gatehouse listen` across nodes (ADR 0961): every node on one PostgreSQL database taps its hub into a
 * NOTIFY channel, and each node's hub receives what the others' relays sent, so a listener connected
 * to any node (behind a load balancer, or a `gatehouse worker` relaying) hears every delivery of its
 * merchant. A delivery too large for a NOTIFY (about 7.9 KB) reaches the other nodes' listeners as a
 * `missed` notice naming it; the LISTEN connection is reopened after a loss, and what was sent
 * meanwhile is told as missed.
 */

interface Wire {
  /** the sending node */
  n: string;
  /** the delivery, when it fits */
  d?: SentDelivery;
  /** what did not fit: enough to tell the listeners what they missed */
  m?: { merchantId: string; eventType: string; notificationId: string; bytes: number };
}

interface BridgeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ListenBridge {
  close(): Promise<void>;
}

export async function startListenBridge(
  hub: ListenHub,
  channel: NotifyChannel,
  o: { nodeId: string; log: BridgeLog; retryMs?: { first: number; max: number } },
): Promise<ListenBridge> {
  const retry = o.retryMs ?? { first: 250, max: 10_000 };
  let closed = false;
  let connection: { close(): Promise<void> } | undefined;
  let timer: NodeJS.Timeout | undefined;

  const onMessage = (payload: string) => {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch (err) {
      o.log.warn({ err, channel: channel.name }, 'listen bridge: a message that is not JSON was ignored');
      return;
    }
    if (wire.n === o.nodeId) return;
    if (wire.d) hub.receive(wire.d);
    else if (wire.m)
      hub.missed(
        wire.m.merchantId,
        wire.m.eventType,
        `${wire.m.notificationId} (${wire.m.bytes} bytes) was sent by another node and is too large to stream across nodes: see \`gatehouse deliveries list\``,
      );
  };

  const connect = async (delay: number): Promise<void> => {
    let lost = false;
    try {
      connection = await channel.open(onMessage, (err) => {
        // a lost connection reports an error and its end: one reconnection
        if (closed || lost) return;
        lost = true;
        o.log.warn({ err, channel: channel.name }, 'listen bridge: the LISTEN connection was lost; reopening');
        connection = undefined;
        hub.missedByAll('the gateway lost its feed from the other nodes for a moment: see `gatehouse deliveries list`');
        timer = setTimeout(() => void connect(retry.first), retry.first);
      });
    } catch (err) {
      if (closed) return;
      const next = Math.min(delay * 2, retry.max);
      o.log.error({ err, channel: channel.name, retryInMs: next }, 'listen bridge: LISTEN failed; retrying');
      timer = setTimeout(() => void connect(next), next);
    }
  };

  hub.setTap((d) => {
    const full = JSON.stringify({ n: o.nodeId, d } satisfies Wire);
    const bytes = Buffer.byteLength(full);
    const payload =
      bytes <= NOTIFY_PAYLOAD_MAX
        ? full
        : JSON.stringify({
            n: o.nodeId,
            m: { merchantId: d.merchantId, eventType: d.eventType, notificationId: d.notificationId, bytes },
          } satisfies Wire);
    channel
      .send(payload)
      .catch((err: unknown) =>
        o.log.warn(
          { err, notification: d.notificationId },
          'listen bridge: a delivery could not be told to the other nodes',
        ),
      );
  });
  await connect(retry.first);
  o.log.info({ channel: channel.name, node: o.nodeId }, 'listen bridge: hearing the other nodes');
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      hub.setTap(undefined);
      await connection?.close();
    },
  };
}

/**
 * The bridge of a node, when it has one: sandbox mode (where `gatehouse listen` exists) on PostgreSQL;
 * on SQLite there is one process per data folder, so nothing to bridge.
 */
export async function bridgeNodes(
  hub: ListenHub,
  store: Store,
  config: Pick<Config, 'GATEHOUSE_MODE' | 'DATABASE_URL'>,
  o: { nodeId: string; log: BridgeLog },
): Promise<ListenBridge | undefined> {
  if (config.GATEHOUSE_MODE !== 'sandbox' || store.dialect.name !== 'postgres' || !config.DATABASE_URL)
    return undefined;
  return startListenBridge(hub, await notifyChannel(store, config.DATABASE_URL, 'listen'), o);
}
