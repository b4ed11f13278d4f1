import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, newIdempotencyKey, type Transaction, type TransactionDetail as Detail } from '../api.js';
import { formatDate, money, t } from '../i18n.js';
import { BASE } from '../router.js';
import { announce, CardCell, Confirm, PageHeading, StatusBadge } from '../shared.js';
import { FormField, fieldDescribedBy } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import { Skeleton } from '../../../web-sdk/src/ui/components/Spinner/Spinner.js';
import type { PageProps } from '../page-props.js';

/**
 * One transaction: its facts, the timeline of its order, the notifications it caused, and the
 * operations the server says the signed-in user may do now (`actions`): Settle, Refund (a partial amount,
 * prefilled with the most it may be) and Void, each confirmed in a dialog; the result is announced and
 * the page loaded again.
 */
type Op = 'settle' | 'refund' | 'void';

export function TransactionDetail({ me, id }: PageProps & { id: string }) {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<Op | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState('');
  const [round, setRound] = useState(0);
  const [key, setKey] = useState('');

  useEffect(() => {
    let live = true;
    setError('');
    api<Detail>('GET', `/transactions/${encodeURIComponent(id)}`).then(
      (d) => live && setDetail(d),
      (err: unknown) =>
        live && setError(err instanceof ApiError && err.status === 404 ? t('detail.notFound') : (err as Error).message),
    );
    return () => void (live = false);
  }, [id, round]);

  const title = t('detail.title', { id });
  if (error)
    return (
      <>
        <PageHeading title={title} merchant={me.user.merchantName} />
        <p class="dash-alert" role="alert">
          {error}
        </p>
        <p>
          <a href={`${BASE}/transactions`}>{t('detail.back')}</a>
        </p>
      </>
    );
  if (!detail)
    return (
      <>
        <PageHeading title={title} merchant={me.user.merchantName} />
        <div aria-busy="true">
          <Skeleton height={160} label={t('loading')} />
        </div>
      </>
    );

  const x = detail.transaction;
  const { actions } = detail;
  const start = (op: Op) => {
    setAmount(op === 'refund' ? (actions.refund?.max ?? '') : '');
    setAmountError('');
    // one idempotency key per dialog: a double click or a retried request is done once
    setKey(newIdempotencyKey());
    setOpen(op);
  };
  const run = async () => {
    if (!open) return;
    if (open === 'refund' && !/^\d+(\.\d{1,3})?$/.test(amount.trim())) {
      setAmountError(t('detail.amountInvalid'));
      throw new Error(t('detail.amountInvalid'));
    }
    const body = open === 'refund' ? { amount: amount.trim() } : {};
    const done = await api<{ transaction: Transaction }>(
      'POST',
      `/transactions/${encodeURIComponent(x.id)}/${open}`,
      body,
      { 'idempotency-key': key },
    );
    const r = done.transaction;
    announce(
      t('detail.done', {
        op: t(`op.${open}`),
        amount: money(r.amount, r.currency),
        status: t(`status.${r.status}`),
        id: r.id,
      }),
    );
    setOpen(null);
    setRound((n) => n + 1);
  };
  const confirmTitle = open ? t(`detail.confirm.${open}`, { amount: money(x.amount, x.currency) }) : '';

  return (
    <>
      <p>
        <a href={`${BASE}/transactions`}>{t('detail.back')}</a>
      </p>
      <PageHeading title={title} merchant={me.user.merchantName} />
      <dl class="dash-facts" data-facts="">
        <dt>{t('tx.amount')}</dt>
        <dd>{money(x.amount, x.currency)}</dd>
        <dt>{t('tx.status')}</dt>
        <dd>
          <StatusBadge status={x.status} />
          {x.reason ? ` ${x.reason}` : ''}
        </dd>
        <dt>{t('tx.type')}</dt>
        <dd>{x.type}</dd>
        <dt>{t('detail.order')}</dt>
        <dd class="dash-mono">{x.orderId || '—'}</dd>
        <dt>{t('tx.card')}</dt>
        <dd>
          <CardCell brand={x.brand} last4={x.last4} />
        </dd>
        <dt>{t('tx.date')}</dt>
        <dd>{formatDate(x.createdAt)}</dd>
        <dt>{t('detail.site')}</dt>
        <dd class="dash-mono">{x.merchantSiteId}</dd>
      </dl>

      {actions.settle || actions.refund || actions.void ? (
        <div class="dash-actions">
          {actions.settle ? (
            <button type="button" class="dash-btn primary" onClick={() => start('settle')}>
              {t('op.settle')}
            </button>
          ) : null}
          {actions.refund ? (
            <button type="button" class="dash-btn" onClick={() => start('refund')}>
              {t('op.refund')}
            </button>
          ) : null}
          {actions.void ? (
            <button type="button" class="dash-btn danger" onClick={() => start('void')}>
              {t('op.void')}
            </button>
          ) : null}
        </div>
      ) : null}

      <h2 id="timeline">{t('detail.timeline')}</h2>
      <DataTable
        label={t('detail.timeline')}
        rows={detail.timeline}
        rowKey={(s) => s.id}
        rowProps={(s) => ({ 'data-step': s.type })}
        columns={[
          {
            key: 'id',
            label: t('tx.id'),
            render: (s) =>
              s.id === x.id ? (
                <span class="dash-mono" aria-current="true">
                  {s.id}
                </span>
              ) : (
                <a class="dash-mono" href={`${BASE}/transactions/${encodeURIComponent(s.id)}`}>
                  {s.id}
                </a>
              ),
          },
          { key: 'date', label: t('tx.date'), render: (s) => formatDate(s.createdAt) },
          { key: 'type', label: t('tx.type'), render: (s) => s.type },
          { key: 'status', label: t('tx.status'), render: (s) => <StatusBadge status={s.status} /> },
          { key: 'amount', label: t('tx.amount'), numeric: true, render: (s) => money(s.amount, s.currency) },
        ]}
      />

      <h2>{t('detail.notifications')}</h2>
      {detail.notifications.length === 0 ? (
        <p class="dash-hint">{t('detail.noNotifications')}</p>
      ) : (
        <DataTable
          label={t('detail.notifications')}
          rows={detail.notifications}
          rowKey={(n) => n.id}
          columns={[
            { key: 'kind', label: t('ntf.kind'), render: (n) => t(`ntf.kind.${n.kind}`) },
            { key: 'status', label: t('ntf.status'), render: (n) => n.status },
            { key: 'attempts', label: t('ntf.attempts'), numeric: true, render: (n) => n.attempts },
            { key: 'last', label: t('ntf.lastAttempt'), render: (n) => formatDate(n.lastAttemptAt) },
          ]}
        />
      )}

      {open ? (
        <Confirm
          id={`confirm-${open}`}
          title={confirmTitle}
          confirm={t(`op.${open}`)}
          danger={open === 'void'}
          onConfirm={run}
          onClose={() => setOpen(null)}
        >
          {open === 'refund' ? (
            <FormField
              id="refund-amount"
              label={t('detail.refundAmount', { currency: x.currency })}
              hint={t('detail.refundMax', { amount: money(actions.refund!.max, x.currency) })}
              error={amountError}
            >
              <input
                id="refund-amount"
                class="dash-input"
                inputMode="decimal"
                value={amount}
                aria-invalid={amountError ? 'true' : undefined}
                aria-describedby={fieldDescribedBy('refund-amount', 'hint', amountError)}
                onInput={(e) => setAmount((e.target as HTMLInputElement).value)}
              />
            </FormField>
          ) : (
            <p>{t(`detail.explain.${open}`)}</p>
          )}
        </Confirm>
      ) : null}
    </>
  );
}
