import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Store } from './store.js';

/**
 * A PostgreSQL NOTIFY channel shared by every node on one database schema (ADR 0961): `send` is a
 * `pg_notify` through the store's pool; `open` holds one connection of its own that LISTENs. The channel's
 * name carries a hash of the schema, so deployments (and test suites) sharing a database in separate
 * schemas never hear each other.
 */

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_MAX = 7_900;

export interface NotifyChannel {
  readonly name: string;
  /** Sends `payload` (at most NOTIFY_PAYLOAD_MAX bytes) to every listener of the channel, this one included. */
  send(payload: string): Promise<void>;
  /** Listens on a connection of its own until `close`; `onMessage` gets each payload, `onError` a lost connection. */
  open(onMessage: (payload: string) => void, onError: (err: unknown) => void): Promise<{ close(): Promise<void> }>;
}

export async function notifyChannel(store: Store, databaseUrl: string, topic: string): Promise<NotifyChannel> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
  const schema = rows[0]?.schema ?? 'public';
  const name = `gh_${topic}_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
  return {
    name,
    async send(payload) {
      await sql`select pg_notify(${name}, ${payload})`.execute(store.db);
    },
    async open(onMessage, onError) {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('notification', (n) => {
        if (n.channel === name && n.payload !== undefined) onMessage(n.payload);
      });
      client.on('error', onError);
      client.on('end', () => onError(new Error('the LISTEN connection ended')));
      await client.connect();
      await client.query(`LISTEN ${name}`);
      return {
        async close() {
          client.removeAllListeners('end');
          client.removeAllListeners('error');
          client.on('error', () => undefined);
          await client.end();
        },
      };
    },
  };
}
