import { useEffect, useState } from 'preact/hooks';
import { api, newIdempotencyKey, type Transaction, type Withdrawal, type WithdrawalOrder } from '../api.js';
import { formatDate, money, t } from '../i18n.js';
import { BASE, navigate } from '../router.js';
import { announce, CardCell, Confirm, PageHeading, StatusBadge } from '../shared.js';
import { FormField, fieldDescribedBy } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import type { PageProps } from '../page-props.js';
import { LoadMore, useCursorPages } from '../paged.js';
import { ApmPending } from './apm-payments.js';

/**
 * The withdrawal requests of the merchant (newest first, filtered by status in the URL's query, "Load
 * more"), each with its user, amount, UPO, status and orders; Approve (all or part), Decline and, per
 * Approved order, Settle, each confirmed in a dialog that sends one fresh idempotency key, its result
 * announced. Below: the APM payments waiting for the provider (apm-payments.tsx).
 */

const STATUSES = ['Pending', 'InProgress', 'Approved', 'Partially Approved', 'Declined', 'Canceled', 'Error'];
const OPEN = new Set(['Pending', 'InProgress']);

type Action =
  | { kind: 'approve'; w: Withdrawal }
  | { kind: 'decline'; w: Withdrawal }
  | { kind: 'settle'; w: Withdrawal; o: WithdrawalOrder };
type Dialog = Action & { key: string };

export function Withdrawals(props: PageProps) {
  const { me, loc, can } = props;
  const search = loc.search.toString();
  const status = loc.search.get('status') ?? '';
  const [filter, setFilter] = useState(status);
  const [round, setRound] = useState(0);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState('');
  const [comment, setComment] = useState('');
  const manage = can('withdrawals.manage');
  const query = (cursor?: string) => {
    const q = new URLSearchParams();
    if (status) q.set('status', status);
    if (cursor) q.set('cursor', cursor);
    return q.toString();
  };

  const pages = useCursorPages<Withdrawal>((cursor) => `/withdrawals?${query(cursor)}`, [search, round]);
  const { items, error } = pages;
  useEffect(() => setFilter(status), [search, round]);
  const open = (d: Action) => {
    // one key per dialog: a double click or a retry of this confirmation is done once
    setDialog({ ...d, key: newIdempotencyKey() });
    setAmount(d.kind === 'approve' ? d.w.remaining : '');
    setAmountError('');
    setComment('');
  };
  const run = async () => {
    if (!dialog) return;
    const headers = { 'idempotency-key': dialog.key };
    const { w } = dialog;
    if (dialog.kind === 'approve') {
      if (!/^\d+(\.\d{1,3})?$/.test(amount.trim())) {
        setAmountError(t('wd.amountInvalid'));
        throw new Error(t('wd.amountInvalid'));
      }
      const r = await api<{ order: WithdrawalOrder }>(
        'POST',
        `/withdrawals/${w.id}/approve`,
        { amount: amount.trim() },
        headers,
      );
      announce(t('wd.done.approve', { id: w.id, amount: money(r.order.amount, r.order.currency), order: r.order.id }));
    } else if (dialog.kind === 'decline') {
      await api('POST', `/withdrawals/${w.id}/decline`, comment.trim() ? { comment: comment.trim() } : {}, headers);
      announce(t('wd.done.decline', { id: w.id }));
    } else {
      const r = await api<{ order: WithdrawalOrder; transaction: Transaction }>(
        'POST',
        `/withdrawals/orders/${dialog.o.id}/settle`,
        {},
        headers,
      );
      announce(t('wd.done.settle', { order: r.order.id, status: t(`status.${r.order.status}`) }));
    }
    setDialog(null);
    setRound((n) => n + 1);
  };
  const apply = (e: Event) => {
    e.preventDefault();
    navigate(`${BASE}/withdrawals${filter ? `?status=${encodeURIComponent(filter)}` : ''}`);
  };

  return (
    <>
      <PageHeading title={t('wd.title')} merchant={me.user.merchantName} />
      <form class="dash-filters" role="search" aria-label={t('wd.filters')} onSubmit={apply}>
        <FormField id="wd-status" label={t('tx.status')}>
          <select
            id="wd-status"
            class="dash-input"
            value={filter}
            onChange={(e) => setFilter((e.target as HTMLSelectElement).value)}
          >
            <option value="">{t('tx.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </FormField>
        <div class="dash-actions">
          <button type="submit" class="dash-btn primary">
            {t('tx.apply')}
          </button>
        </div>
      </form>
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        label={t('wd.title')}
        rows={error ? [] : items}
        rowKey={(w) => w.id}
        rowProps={(w) => ({ 'data-wd': w.id, 'data-wd-status': w.status })}
        empty={status ? t('wd.emptyFiltered') : t('wd.empty')}
        columns={[
          { key: 'id', label: t('wd.id'), render: (w) => <span class="dash-mono">{w.id}</span> },
          { key: 'date', label: t('tx.date'), render: (w) => formatDate(w.createdAt) },
          { key: 'user', label: t('wd.user'), render: (w) => <span class="dash-mono">{w.userTokenId}</span> },
          { key: 'amount', label: t('tx.amount'), numeric: true, render: (w) => money(w.amount, w.currency) },
          {
            key: 'upo',
            label: t('wd.method'),
            render: (w) =>
              !w.upo ? '—' : w.upo.last4 ? <CardCell brand={w.upo.brand} last4={w.upo.last4} /> : w.upo.method,
          },
          { key: 'status', label: t('tx.status'), render: (w) => <StatusBadge status={w.status} /> },
          {
            key: 'orders',
            label: t('wd.orders'),
            render: (w) =>
              w.orders.length === 0 ? (
                <span class="dash-hint">{t('wd.noOrders')}</span>
              ) : (
                <ul class="dash-orders">
                  {w.orders.map((o) => (
                    <li key={o.id} data-order={o.id} data-order-status={o.status}>
                      <span class="dash-mono">#{o.id}</span> {money(o.amount, o.currency)}{' '}
                      <StatusBadge status={o.status} />
                      {o.comment ? <span class="dash-hint"> {o.comment}</span> : null}
                      {manage && o.status === 'Approved' && w.status === 'InProgress' ? (
                        <button
                          type="button"
                          class="dash-btn link"
                          aria-label={t('wd.settleOf', { order: o.id })}
                          onClick={() => open({ kind: 'settle', w, o })}
                        >
                          {t('wd.settle')}
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ),
          },
          {
            key: 'actions',
            label: t('wd.actions'),
            render: (w) =>
              manage && OPEN.has(w.status) ? (
                <div class="dash-row-actions">
                  {Number(w.remaining) > 0 ? (
                    <button
                      type="button"
                      class="dash-btn"
                      aria-label={t('wd.approveOf', { id: w.id })}
                      onClick={() => open({ kind: 'approve', w })}
                    >
                      {t('wd.approve')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    class="dash-btn danger"
                    aria-label={t('wd.declineOf', { id: w.id })}
                    onClick={() => open({ kind: 'decline', w })}
                  >
                    {t('wd.decline')}
                  </button>
                </div>
              ) : (
                <span class="dash-hint">—</span>
              ),
          },
        ]}
      />
      <LoadMore pages={pages} />

      <ApmPending {...props} />

      {dialog ? (
        <Confirm
          id={`confirm-wd-${dialog.kind}`}
          title={
            dialog.kind === 'settle'
              ? t('wd.confirm.settle', { order: dialog.o.id, amount: money(dialog.o.amount, dialog.o.currency) })
              : t(`wd.confirm.${dialog.kind}`, { id: dialog.w.id, amount: money(dialog.w.amount, dialog.w.currency) })
          }
          confirm={t(`wd.${dialog.kind}`)}
          danger={dialog.kind === 'decline'}
          onConfirm={run}
          onClose={() => setDialog(null)}
        >
          {dialog.kind === 'approve' ? (
            <FormField
              id="wd-amount"
              label={t('wd.approveAmount', { currency: dialog.w.currency })}
              hint={t('wd.approveMax', { amount: money(dialog.w.remaining, dialog.w.currency) })}
              error={amountError}
            >
              <input
                id="wd-amount"
                class="dash-input"
                inputMode="decimal"
                value={amount}
                aria-invalid={amountError ? 'true' : undefined}
                aria-describedby={fieldDescribedBy('wd-amount', 'hint', amountError)}
                onInput={(e) => setAmount((e.target as HTMLInputElement).value)}
              />
            </FormField>
          ) : dialog.kind === 'decline' ? (
            <FormField id="wd-comment" label={t('wd.comment')} hint={t('wd.explain.decline')}>
              <input
                id="wd-comment"
                class="dash-input"
                maxLength={255}
                value={comment}
                aria-describedby="wd-comment-hint"
                onInput={(e) => setComment((e.target as HTMLInputElement).value)}
              />
            </FormField>
          ) : (
            <p>{t('wd.explain.settle')}</p>
          )}
        </Confirm>
      ) : null}
    </>
  );
}
