import type { Kysely, Selectable } from 'kysely';
import type { Upo, UpoRepo } from '../domain/payment-methods/ports.js';
import type { Database, UpoTable } from './tables.js';

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toUpo(r: Selectable<UpoTable>): Upo {
  return {
    id: String(r.id),
    merchantId: r.merchant_id,
    siteId: r.site_id,
    userTokenId: r.user_token_id,
    paymentMethod: r.payment_method,
    cardVaultId: num(r.card_vault_id),
    apmData: r.apm_data === null ? null : (JSON.parse(r.apm_data) as Record<string, string>),
    maskedNumber: r.masked_number,
    bin: r.bin,
    last4: r.last4,
    brand: r.brand,
    cardType: r.card_type,
    expMonth: num(r.exp_month),
    expYear: num(r.exp_year),
    holderName: r.holder_name,
    createdAt: Number(r.created_at),
    deletedAt: num(r.deleted_at),
  };
}

export function upoRepo(db: Kysely<Database>): UpoRepo {
  return {
    async insert(u) {
      const row = await db
        .insertInto('user_payment_options')
        .values({
          merchant_id: u.merchantId,
          site_id: u.siteId,
          user_token_id: u.userTokenId,
          payment_method: u.paymentMethod,
          card_vault_id: u.cardVaultId,
          apm_data: u.apmData === null ? null : JSON.stringify(u.apmData),
          masked_number: u.maskedNumber,
          bin: u.bin,
          last4: u.last4,
          brand: u.brand,
          card_type: u.cardType,
          exp_month: u.expMonth,
          exp_year: u.expYear,
          holder_name: u.holderName,
          created_at: u.createdAt,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toUpo(row);
    },
    async find(id) {
      if (!/^\d{1,15}$/.test(id)) return undefined;
      const r = await db.selectFrom('user_payment_options').selectAll().where('id', '=', Number(id)).executeTakeFirst();
      return r ? toUpo(r) : undefined;
    },
    async findCard(siteId, userTokenId, cardVaultId) {
      const r = await db
        .selectFrom('user_payment_options')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('user_token_id', '=', userTokenId)
        .where('card_vault_id', '=', cardVaultId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return r ? toUpo(r) : undefined;
    },
    async list(siteId, userTokenId) {
      const rows = await db
        .selectFrom('user_payment_options')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('user_token_id', '=', userTokenId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(toUpo);
    },
    async markDeleted(id, at) {
      const res = await db
        .updateTable('user_payment_options')
        .set({ deleted_at: at })
        .where('id', '=', Number(id))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async sealedNumber(cardVaultId) {
      const r = await db
        .selectFrom('card_vault')
        .select('number_sealed')
        .where('id', '=', cardVaultId)
        .executeTakeFirst();
      return r?.number_sealed;
    },
  };
}
