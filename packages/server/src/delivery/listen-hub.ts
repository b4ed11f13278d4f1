import type { OutboxKind } from '../store/outbox.table.js';

/**
 * The live feed of what this process's relay sends, for `gatehouse listen` (docs/decisions/0920).
 * The relay `publish`es each webhook and DMN request as it goes out (URL aside: its body and headers
 * byte for byte); each listener holds a bounded queue. Publishing never waits: a listener that reads
 * too slowly loses its oldest queued deliveries and is told how many it missed, so no listener ever
 * slows the relay. The last `retain` deliveries are kept for a listener that reconnects with
 * `Last-Event-ID`.
 */

export interface SentDelivery {
  /** the notification's id (`ntf_…`), the webhook's `webhook-id` */
  notificationId: string;
  kind: Exclude<OutboxKind, 'email'>;
  eventType: string;
  merchantId: string;
  siteId: string;
  /** the attempt it belongs to (a retry is sent, and streamed, again) */
  attempt: number;
  headers: Record<string, string>;
  body: string;
  /** the clock's time of the send (ms) */
  sentAt: number;
}

export interface ListenEvent {
  /** `<epoch>-<seq>`: the SSE event id, sent back as `Last-Event-ID` */
  id: string;
  seq: number;
  delivery: SentDelivery;
}

export interface ListenFilter {
  /** a merchant's deliveries only; undefined: every merchant's (an operator) */
  merchantId: string | undefined;
  /** event types (exact, `prefix.*` or `*`); empty: all */
  events: readonly string[];
}

export type ListenItem =
  { type: 'delivery'; event: ListenEvent } | { type: 'missed'; count: number | null; reason: string };

/** Whether an event type matches a filter of event types: exact, `prefix.*`, or `*`. */
export function eventMatches(patterns: readonly string[], eventType: string): boolean {
  if (patterns.length === 0) return true;
  return patterns.some(
    (p) => p === '*' || p === eventType || (p.endsWith('.*') && eventType.startsWith(p.slice(0, -1))),
  );
}

const matches = (f: ListenFilter, d: SentDelivery) =>
  (f.merchantId === undefined || f.merchantId === d.merchantId) && eventMatches(f.events, d.eventType);

export class ListenSubscription {
  readonly #queue: ListenItem[] = [];
  #missed = 0;
  #waiter: (() => void) | undefined;
  #closed = false;

  constructor(
    readonly filter: ListenFilter,
    readonly capacity: number,
    private readonly onClose: (s: ListenSubscription) => void,
  ) {}

  /** Called by the hub, never waits: a full queue drops its oldest delivery and counts it. */
  offer(item: ListenItem): void {
    if (this.#closed) return;
    if (item.type === 'delivery' && this.#queue.length >= this.capacity) {
      const i = this.#queue.findIndex((q) => q.type === 'delivery');
      if (i >= 0) this.#queue.splice(i, 1);
      this.#missed++;
    }
    this.#queue.push(item);
    this.#wakeUp();
  }

  /** The next item: a `missed` notice first when deliveries were dropped; null once closed. */
  async next(): Promise<ListenItem | null> {
    for (;;) {
      if (this.#closed) return null;
      if (this.#missed > 0) {
        const count = this.#missed;
        this.#missed = 0;
        return {
          type: 'missed',
          count,
          reason: 'the listener read too slowly: its oldest queued deliveries were dropped',
        };
      }
      const item = this.#queue.shift();
      if (item) return item;
      await new Promise<void>((resolve) => (this.#waiter = resolve));
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#wakeUp();
    this.onClose(this);
  }

  #wakeUp(): void {
    const w = this.#waiter;
    this.#waiter = undefined;
    w?.();
  }
}

export interface ListenHubOptions {
  /** a random token naming this process's feed; a `Last-Event-ID` of another epoch predates a restart */
  epoch: string;
  /** deliveries kept for resuming (all merchants) */
  retain?: number;
  /** deliveries queued per listener before the oldest are dropped */
  capacity?: number;
}

/** What a hub hands to the other nodes' hubs: each delivery this process's relay publishes. */
export type ListenTap = (delivery: SentDelivery) => void;

export class ListenHub {
  readonly epoch: string;
  readonly #retain: number;
  readonly #capacity: number;
  readonly #recent: ListenEvent[] = [];
  readonly #subs = new Set<ListenSubscription>();
  #seq = 0;
  #tap: ListenTap | undefined;

  constructor(o: ListenHubOptions) {
    this.epoch = o.epoch;
    this.#retain = o.retain ?? 1000;
    this.#capacity = o.capacity ?? 256;
  }

  /** Listeners connected now. */
  get listeners(): number {
    return this.#subs.size;
  }

  /**
   * Hands every delivery this process publishes to `tap` too (the other nodes' feed, ADR 0961); what
   * arrives from them comes in through `receive` and is not handed on again.
   */
  setTap(tap: ListenTap | undefined): void {
    this.#tap = tap;
  }

  /** Records a delivery this process's relay sent, offers it to every matching listener and to the tap. */
  publish(delivery: SentDelivery): void {
    this.receive(delivery);
    this.#tap?.(delivery);
  }

  /** Records a delivery another node's relay sent and offers it to every matching listener. Never throws. */
  receive(delivery: SentDelivery): void {
    const seq = ++this.#seq;
    const event: ListenEvent = { id: `${this.epoch}-${seq}`, seq, delivery };
    this.#recent.push(event);
    if (this.#recent.length > this.#retain) this.#recent.shift();
    for (const s of this.#subs) if (matches(s.filter, delivery)) s.offer({ type: 'delivery', event });
  }

  /**
   * A new listener. With `lastEventId` of this epoch, the retained deliveries after it are queued first
   * (and a `missed` notice when some are no longer retained); of another epoch (the gateway restarted),
   * every retained delivery of this epoch is, after a notice that what the old process sent after the
   * listener's last event cannot be replayed.
   */
  subscribe(filter: ListenFilter, lastEventId?: string): ListenSubscription {
    const sub = new ListenSubscription(filter, this.#capacity, (s) => this.#subs.delete(s));
    if (lastEventId) {
      const m = /^(.+)-(\d+)$/.exec(lastEventId);
      const sameEpoch = m !== null && m[1] === this.epoch;
      const after = sameEpoch ? Number(m[2]) : 0;
      if (!sameEpoch) {
        sub.offer({
          type: 'missed',
          count: null,
          reason:
            'the gateway restarted since the last event: what it sent before is not replayed (see `gatehouse deliveries list`)',
        });
      } else if (after < (this.#recent[0]?.seq ?? this.#seq + 1) - 1) {
        sub.offer({ type: 'missed', count: null, reason: 'deliveries after the last event are no longer retained' });
      }
      for (const e of this.#recent)
        if (e.seq > after && matches(filter, e.delivery)) sub.offer({ type: 'delivery', event: e });
    }
    this.#subs.add(sub);
    return sub;
  }

  /** Tells the listeners that hear `merchantId`'s `eventType` that one delivery could not reach them. */
  missed(merchantId: string, eventType: string, reason: string): void {
    for (const s of this.#subs)
      if (
        (s.filter.merchantId === undefined || s.filter.merchantId === merchantId) &&
        eventMatches(s.filter.events, eventType)
      )
        s.offer({ type: 'missed', count: 1, reason });
  }

  /** Tells every listener that deliveries may have been lost (the feed from the other nodes broke). */
  missedByAll(reason: string): void {
    for (const s of this.#subs) s.offer({ type: 'missed', count: null, reason });
  }

  /** Ends every listener (the server is closing). */
  closeAll(): void {
    for (const s of [...this.#subs]) s.close();
  }
}
