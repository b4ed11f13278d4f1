import type { Kysely, Migration } from 'kysely';

/**
 * Where an outbox row's address came from (docs/decisions/0826): 1 when it was the site's default (the
 * site's `notificationUrl` or `webhookUrl` setting), 0 when the request named it, null for rows queued
 * before this migration and for e-mail. A resend of a row whose address was the site's default goes to
 * the site's address in force at the resend.
 */
export function outboxTargetFromSite(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('target_from_site', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').dropColumn('target_from_site').execute();
    },
  };
}
