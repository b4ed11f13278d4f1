import type { Kysely } from 'kysely';
import type { CardTokenRepo } from '../domain/payment-methods/ports.js';
import type { Database } from './tables.js';

export function cardTokenRepo(db: Kysely<Database>): CardTokenRepo {
  return {
    async insert(t) {
      await db
        .insertInto('card_tokens')
        .values({
          token: t.token,
          session_token: t.sessionToken,
          site_id: t.siteId,
          card_vault_id: t.cardVaultId,
          holder_name: t.holderName,
          exp_month: t.expMonth,
          exp_year: t.expYear,
          created_at: t.createdAt,
          used_at: null,
        })
        .execute();
    },
    async find(token) {
      const r = await db
        .selectFrom('card_tokens')
        .innerJoin('card_vault', 'card_vault.id', 'card_tokens.card_vault_id')
        .selectAll('card_tokens')
        .select('card_vault.number_sealed')
        .where('card_tokens.token', '=', token)
        .executeTakeFirst();
      if (!r) return undefined;
      return {
        token: r.token,
        sessionToken: r.session_token,
        siteId: r.site_id,
        cardVaultId: Number(r.card_vault_id),
        holderName: r.holder_name,
        expMonth: Number(r.exp_month),
        expYear: Number(r.exp_year),
        createdAt: Number(r.created_at),
        usedAt: r.used_at === null ? null : Number(r.used_at),
        numberSealed: r.number_sealed,
      };
    },
    async consume(token, at) {
      const res = await db
        .updateTable('card_tokens')
        .set({ used_at: at })
        .where('token', '=', token)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}
