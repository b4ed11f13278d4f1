/** The control panel's transaction wire form: the one the admin API's list shares (http/shared/). */
export { transactionToWire } from '../../shared/transaction-list.wire.js';
