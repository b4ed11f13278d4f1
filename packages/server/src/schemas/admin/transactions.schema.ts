import { type Static, Type } from 'typebox';
import { TransactionWire, TransactionSearch } from '../dashboard/transactions.schema.js';

/**
 * GET /admin/v1/transactions: the control panel's transaction search (docs/dashboard.md) for a merchant's
 * own backend, with its Operations key: the same filters, cursor and item shape.
 */
export const AdminTransactionSearch = TransactionSearch;
export type AdminTransactionSearch = Static<typeof AdminTransactionSearch>;

export const AdminTransactionPage = Type.Object(
  {
    transactions: Type.Array(TransactionWire),
    nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'pass as `cursor` for the next page' }),
  },
  { title: 'AdminTransactionPage' },
);
export type AdminTransactionPage = Static<typeof AdminTransactionPage>;
