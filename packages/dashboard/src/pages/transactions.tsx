import { useEffect, useState } from 'preact/hooks';
import type { Transaction } from '../api.js';
import { formatDate, money, t } from '../i18n.js';
import { BASE, navigate } from '../router.js';
import { CardCell, PageHeading, StatusBadge } from '../shared.js';
import { FormField } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import type { PageProps } from '../page-props.js';
import { LoadMore, useCursorPages } from '../paged.js';

/**
 * The transactions (newest first), searched by a transactionId or an orderId and filtered by status,
 * type, last four, amount and date range. The filters live in the URL's query, so a filtered view can
 * be bookmarked, shared and gone back to; "Load more" follows the API's keyset cursor.
 */

const FILTERS = ['query', 'status', 'type', 'last4', 'minAmount', 'maxAmount', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
const STATUSES = ['APPROVED', 'DECLINED', 'ERROR', 'PENDING'];
const TYPES = ['Sale', 'Auth', 'Settle', 'Refund', 'Void', 'Credit', 'InitAuth3D', 'Auth3D'];

/** The API's query for the URL's filters: the day range becomes the reader's local days as ISO instants. */
function apiQuery(search: URLSearchParams, cursor?: string): string {
  const q = new URLSearchParams();
  for (const f of FILTERS) {
    const v = search.get(f)?.trim();
    if (!v) continue;
    if (f === 'from' || f === 'to') {
      const day = new Date(`${v}T00:00:00`);
      if (Number.isNaN(day.getTime())) continue;
      if (f === 'to') day.setDate(day.getDate() + 1);
      q.set(f, day.toISOString());
    } else q.set(f, v);
  }
  if (cursor) q.set('cursor', cursor);
  // the page size is the API's default (25)
  return q.toString();
}

export function Transactions({ me, loc }: PageProps) {
  const search = loc.search.toString();
  const [form, setForm] = useState<Record<Filter, string>>(() => formOf(loc.search));
  const pages = useCursorPages<Transaction>((cursor) => `/transactions?${apiQuery(loc.search, cursor)}`, [search], {
    clearOnReload: true,
  });
  const { items, error } = pages;

  useEffect(() => setForm(formOf(loc.search)), [search]);

  const apply = (e: Event) => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const f of FILTERS) if (form[f].trim()) q.set(f, form[f].trim());
    const qs = q.toString();
    navigate(`${BASE}/transactions${qs ? `?${qs}` : ''}`);
  };
  const input = (f: Filter) => (e: Event) => setForm({ ...form, [f]: (e.target as HTMLInputElement).value });
  const filtered = FILTERS.some((f) => loc.search.get(f));

  return (
    <>
      <PageHeading title={t('tx.title')} merchant={me.user.merchantName} />
      <form class="dash-filters" role="search" aria-label={t('tx.filters')} onSubmit={apply}>
        <div class="dash-search">
          <FormField id="f-query" label={t('tx.search')} hint={t('tx.searchHint')}>
            <input
              id="f-query"
              class="dash-input"
              type="search"
              value={form.query}
              onInput={input('query')}
              aria-describedby="f-query-hint"
            />
          </FormField>
        </div>
        <FormField id="f-status" label={t('tx.status')}>
          <select id="f-status" class="dash-input" value={form.status} onChange={input('status')}>
            <option value="">{t('tx.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="f-type" label={t('tx.type')}>
          <select id="f-type" class="dash-input" value={form.type} onChange={input('type')}>
            <option value="">{t('tx.any')}</option>
            {TYPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="f-last4" label={t('tx.last4')}>
          <input
            id="f-last4"
            class="dash-input"
            inputMode="numeric"
            maxLength={4}
            pattern="[0-9]{4}"
            autocomplete="off"
            value={form.last4}
            onInput={input('last4')}
          />
        </FormField>
        <FormField id="f-min" label={t('tx.minAmount')}>
          <input
            id="f-min"
            class="dash-input"
            inputMode="decimal"
            value={form.minAmount}
            onInput={input('minAmount')}
          />
        </FormField>
        <FormField id="f-max" label={t('tx.maxAmount')}>
          <input
            id="f-max"
            class="dash-input"
            inputMode="decimal"
            value={form.maxAmount}
            onInput={input('maxAmount')}
          />
        </FormField>
        <FormField id="f-from" label={t('tx.from')}>
          <input id="f-from" class="dash-input" type="date" value={form.from} onInput={input('from')} />
        </FormField>
        <FormField id="f-to" label={t('tx.to')}>
          <input id="f-to" class="dash-input" type="date" value={form.to} onInput={input('to')} />
        </FormField>
        <div class="dash-actions">
          <button type="submit" class="dash-btn primary">
            {t('tx.apply')}
          </button>
          {filtered ? <a href={`${BASE}/transactions`}>{t('tx.clear')}</a> : null}
        </div>
      </form>
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        label={t('tx.title')}
        rows={error ? [] : items}
        rowKey={(x) => x.id}
        rowProps={(x) => ({ 'data-tx': x.id })}
        empty={filtered ? t('tx.emptyFiltered') : t('tx.empty')}
        columns={[
          {
            key: 'id',
            label: t('tx.id'),
            render: (x) => (
              <a class="dash-mono" href={`${BASE}/transactions/${encodeURIComponent(x.id)}`}>
                {x.id}
              </a>
            ),
          },
          { key: 'date', label: t('tx.date'), render: (x) => formatDate(x.createdAt) },
          { key: 'type', label: t('tx.type'), render: (x) => x.type },
          { key: 'status', label: t('tx.status'), render: (x) => <StatusBadge status={x.status} /> },
          { key: 'amount', label: t('tx.amount'), numeric: true, render: (x) => money(x.amount, x.currency) },
          { key: 'card', label: t('tx.card'), render: (x) => <CardCell brand={x.brand} last4={x.last4} /> },
        ]}
      />
      <LoadMore pages={pages} />
    </>
  );
}

function formOf(search: URLSearchParams): Record<Filter, string> {
  return Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])) as Record<Filter, string>;
}
