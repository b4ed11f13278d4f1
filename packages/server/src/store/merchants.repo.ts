import { type Kysely, type Selectable, sql } from 'kysely';
import type { ApiKeyRecord, MerchantRepo } from '../domain/merchants/ports.js';
import type { Dialect } from './dialect.js';
import { type HotSql, hotAll, kyselyHot } from './hot-sql.js';
import type { Database, MerchantTable, SiteTable } from './tables.js';

/** The merchant and site lookups of every session call are fixed statements run by `hot` (ADR 0813). */
export function merchantRepo(db: Kysely<Database>, dialect: Dialect, hot: HotSql = kyselyHot(db)): MerchantRepo {
  return {
    async countMerchants() {
      const row = await db
        .selectFrom('merchants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insertMerchant(m) {
      await db.insertInto('merchants').values({ id: m.id, name: m.name, created_at: m.createdAt }).execute();
    },
    async insertSite(s) {
      await db
        .insertInto('sites')
        .values({
          id: s.id,
          merchant_id: s.merchantId,
          name: s.name,
          secret_key_sealed: s.secretKeySealed,
          settings: '{}',
          created_at: s.createdAt,
        })
        .execute();
    },
    async insertEntity(e) {
      await db
        .insertInto('processing_entities')
        .values({ id: e.id, merchant_id: e.merchantId, parent_id: e.parentId, name: e.name, created_at: e.createdAt })
        .execute();
    },
    async insertApiKey(k) {
      await db
        .insertInto('api_keys')
        .values({
          id: k.id,
          entity_id: k.entityId,
          site_id: k.siteId,
          type: k.type,
          label: k.label,
          secret_hash: k.secretHash,
          created_at: k.createdAt,
          revoked_at: k.revokedAt,
        })
        .execute();
    },
    async findMerchant(id) {
      const [r] = await hotAll<Selectable<MerchantTable>>(hot, dialect, 'merchant.find', [id], () =>
        db.selectFrom('merchants').selectAll().where('id', '=', id).compile(),
      );
      return r && { id: r.id, name: r.name, createdAt: r.created_at };
    },
    async findSite(id) {
      const [r] = await hotAll<Selectable<SiteTable>>(hot, dialect, 'site.find', [id], () =>
        db.selectFrom('sites').selectAll().where('id', '=', id).compile(),
      );
      return (
        r && {
          id: r.id,
          merchantId: r.merchant_id,
          name: r.name,
          createdAt: r.created_at,
          secretKeySealed: r.secret_key_sealed,
        }
      );
    },
    async findEntity(id) {
      const r = await db.selectFrom('processing_entities').selectAll().where('id', '=', id).executeTakeFirst();
      return r && { id: r.id, merchantId: r.merchant_id, parentId: r.parent_id, name: r.name, createdAt: r.created_at };
    },
    async listMerchants() {
      const rows = await db.selectFrom('merchants').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at }));
    },
    async listSites(merchantId) {
      let q = db.selectFrom('sites').select(['id', 'merchant_id', 'name', 'created_at']);
      if (merchantId !== undefined) q = q.where('merchant_id', '=', merchantId);
      const rows = await q.orderBy('created_at').orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, merchantId: r.merchant_id, name: r.name, createdAt: r.created_at }));
    },
    async listEntities(merchantId) {
      let q = db.selectFrom('processing_entities').selectAll();
      if (merchantId !== undefined) q = q.where('merchant_id', '=', merchantId);
      const rows = await q.orderBy('created_at').orderBy('id').execute();
      return rows.map((r) => ({
        id: r.id,
        merchantId: r.merchant_id,
        parentId: r.parent_id,
        name: r.name,
        createdAt: r.created_at,
      }));
    },
    async findApiKey(id) {
      const r = await db
        .selectFrom('api_keys')
        .innerJoin('processing_entities as e', 'e.id', 'api_keys.entity_id')
        .select([
          'api_keys.id',
          'api_keys.entity_id',
          'api_keys.site_id',
          'api_keys.type',
          'api_keys.label',
          'api_keys.secret_hash',
          'api_keys.created_at',
          'api_keys.revoked_at',
          'e.merchant_id',
        ])
        .where('api_keys.id', '=', id)
        .executeTakeFirst();
      if (!r) return undefined;
      const key: ApiKeyRecord = {
        id: r.id,
        entityId: r.entity_id,
        siteId: r.site_id,
        type: r.type,
        label: r.label,
        createdAt: r.created_at,
        revokedAt: r.revoked_at,
        secretHash: r.secret_hash,
        merchantId: r.merchant_id,
      };
      return key;
    },
    async listApiKeys(entityId) {
      const rows = await db
        .selectFrom('api_keys')
        .select(['id', 'entity_id', 'site_id', 'type', 'label', 'created_at', 'revoked_at'])
        .where('entity_id', '=', entityId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        entityId: r.entity_id,
        siteId: r.site_id,
        type: r.type,
        label: r.label,
        createdAt: r.created_at,
        revokedAt: r.revoked_at,
      }));
    },
    async revokeApiKey(id, at) {
      const res = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async entityChain(entityId, type) {
      const rows = await db
        .withRecursive('chain(id, parent_id, depth)', (qb) =>
          qb
            .selectFrom('processing_entities')
            .select(['id', 'parent_id', sql<number>`0`.as('depth')])
            .where('id', '=', entityId)
            .unionAll((u) =>
              u
                .selectFrom('processing_entities as p')
                .innerJoin('chain as c', 'c.parent_id', 'p.id')
                .select(['p.id', 'p.parent_id', sql<number>`c.depth + 1`.as('depth')])
                .where('c.depth', '<', 64),
            ),
        )
        .selectFrom('chain')
        .select((eb) => [
          'chain.id',
          'chain.depth',
          eb
            .exists(
              eb
                .selectFrom('api_keys as k')
                .select('k.id')
                .whereRef('k.entity_id', '=', 'chain.id')
                .where('k.type', '=', type)
                .where('k.revoked_at', 'is', null),
            )
            .as('has_key'),
        ])
        .orderBy('chain.depth')
        .execute();
      return rows.map((r) => ({ id: r.id, hasKey: Boolean(r.has_key) }));
    },
  };
}
