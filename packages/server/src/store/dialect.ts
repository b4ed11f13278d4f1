/** What differs between the two stores, in one place; everything else is one Kysely code path. */
export interface Dialect {
  name: 'sqlite' | 'postgres';
  /** column type of a store-generated numeric id */
  autoIncrementType: 'integer' | 'bigserial';
  /** `FOR UPDATE SKIP LOCKED` is available for claiming queue rows */
  skipLocked: boolean;
  /** the id the connection's last insert generated, read by the next statement of the same write */
  lastInsertId: 'last_insert_rowid()' | 'lastval()';
}

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  autoIncrementType: 'integer',
  skipLocked: false,
  lastInsertId: 'last_insert_rowid()',
};
export const postgresDialect: Dialect = {
  name: 'postgres',
  autoIncrementType: 'bigserial',
  skipLocked: true,
  lastInsertId: 'lastval()',
};
