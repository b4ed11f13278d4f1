import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Transaction, type TransactionDetail as Detail } from '../api.js';
import { formatDate, money, t } from '../i18n.js';
import { BASE } from '../router.js';
import { announce, CardCell, Confirm, describedBy, Field, PageHeading, StatusBadge, TableRegion } from '../shared.js';
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
      <TableRegion label={t('detail.timeline')}>
        <table class="dash-table">
          <thead>
            <tr>
              <th scope="col">{t('tx.id')}</th>
              <th scope="col">{t('tx.date')}</th>
              <th scope="col">{t('tx.type')}</th>
              <th scope="col">{t('tx.status')}</th>
              <th scope="col" class="num">
                {t('tx.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.timeline.map((s) => (
              <tr key={s.id} data-step={s.type}>
                <td>
                  {s.id === x.id ? (
                    <span class="dash-mono" aria-current="true">
                      {s.id}
                    </span>
                  ) : (
                    <a class="dash-mono" href={`${BASE}/transactions/${encodeURIComponent(s.id)}`}>
                      {s.id}
                    </a>
                  )}
                </td>
                <td>{formatDate(s.createdAt)}</td>
                <td>{s.type}</td>
                <td>
                  <StatusBadge status={s.status} />
                </td>
                <td class="num">{money(s.amount, s.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>

      <h2>{t('detail.notifications')}</h2>
      {detail.notifications.length === 0 ? (
        <p class="dash-hint">{t('detail.noNotifications')}</p>
      ) : (
        <TableRegion label={t('detail.notifications')}>
          <table class="dash-table">
            <thead>
              <tr>
                <th scope="col">{t('ntf.kind')}</th>
                <th scope="col">{t('ntf.status')}</th>
                <th scope="col" class="num">
                  {t('ntf.attempts')}
                </th>
                <th scope="col">{t('ntf.lastAttempt')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.notifications.map((n) => (
                <tr key={n.id}>
                  <td>{t(`ntf.kind.${n.kind}`)}</td>
                  <td>{n.status}</td>
                  <td class="num">{n.attempts}</td>
                  <td>{formatDate(n.lastAttemptAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
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
            <Field
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
                aria-describedby={describedBy('refund-amount', 'hint', amountError)}
                onInput={(e) => setAmount((e.target as HTMLInputElement).value)}
              />
            </Field>
          ) : (
            <p>{t(`detail.explain.${open}`)}</p>
          )}
        </Confirm>
      ) : null}
    </>
  );
}
