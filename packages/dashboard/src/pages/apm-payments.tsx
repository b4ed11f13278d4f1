import { useEffect, useState } from 'preact/hooks';
import { api, type ApmPayments, type Transaction } from '../api.js';
import { formatDate, money, t } from '../i18n.js';
import { BASE } from '../router.js';
import { announce, Confirm, StatusBadge } from '../shared.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import type { PageProps } from '../page-props.js';

/**
 * The merchant's APM payments waiting for the provider, with Approve and Decline (each confirmed) for a
 * user who may complete them. In production mode the server keeps completing for the operator: the
 * section says so instead of showing the buttons.
 */
type Outcome = 'approved' | 'declined';

export function ApmPending({ can }: PageProps) {
  const [page, setPage] = useState<ApmPayments | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  const [dialog, setDialog] = useState<{ tx: Transaction; outcome: Outcome } | null>(null);

  useEffect(() => {
    let live = true;
    api<ApmPayments>('GET', '/apm-payments').then(
      (p) => live && setPage(p),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => void (live = false);
  }, [round]);

  const completes = can('apm.complete') && page?.completable === true;
  const run = async () => {
    if (!dialog) return;
    const r = await api<{ transaction: Transaction }>('POST', `/apm-payments/${dialog.tx.id}/complete`, {
      outcome: dialog.outcome,
    });
    announce(t('apm.done', { id: r.transaction.id, status: t(`status.${r.transaction.status}`) }));
    setDialog(null);
    setRound((n) => n + 1);
  };

  return (
    <div class="dash-apm">
      {/* not a landmark of its own: its table's scrolling region already carries the same name */}
      <h2 id="apm-heading">{t('apm.title')}</h2>
      {page && !page.completable ? (
        <p class="dash-note" data-apm-operator-only="">
          {t('apm.operatorOnly')}
        </p>
      ) : null}
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        label={t('apm.title')}
        rows={error ? [] : (page?.items ?? null)}
        rowKey={(x) => x.transaction.id}
        rowProps={(x) => ({ 'data-apm': x.transaction.id })}
        empty={t('apm.empty')}
        columns={[
          {
            key: 'id',
            label: t('tx.id'),
            render: (x) => (
              <a class="dash-mono" href={`${BASE}/transactions/${encodeURIComponent(x.transaction.id)}`}>
                {x.transaction.id}
              </a>
            ),
          },
          { key: 'date', label: t('tx.date'), render: (x) => formatDate(x.transaction.createdAt) },
          { key: 'method', label: t('wd.method'), render: (x) => x.method },
          {
            key: 'amount',
            label: t('tx.amount'),
            numeric: true,
            render: (x) => money(x.transaction.amount, x.transaction.currency),
          },
          { key: 'status', label: t('tx.status'), render: (x) => <StatusBadge status={x.transaction.status} /> },
          { key: 'awaiting', label: t('apm.awaiting'), render: (x) => t(`apm.awaiting.${x.awaiting}`) },
          {
            key: 'actions',
            label: t('wd.actions'),
            render: (x) =>
              completes ? (
                <div class="dash-row-actions">
                  <button
                    type="button"
                    class="dash-btn"
                    aria-label={t('apm.approveOf', { id: x.transaction.id })}
                    onClick={() => setDialog({ tx: x.transaction, outcome: 'approved' })}
                  >
                    {t('apm.approve')}
                  </button>
                  <button
                    type="button"
                    class="dash-btn danger"
                    aria-label={t('apm.declineOf', { id: x.transaction.id })}
                    onClick={() => setDialog({ tx: x.transaction, outcome: 'declined' })}
                  >
                    {t('apm.decline')}
                  </button>
                </div>
              ) : (
                <span class="dash-hint">—</span>
              ),
          },
        ]}
      />
      {dialog ? (
        <Confirm
          id={`confirm-apm-${dialog.outcome}`}
          title={t(`apm.confirm.${dialog.outcome}`, {
            id: dialog.tx.id,
            amount: money(dialog.tx.amount, dialog.tx.currency),
          })}
          confirm={t(dialog.outcome === 'approved' ? 'apm.approve' : 'apm.decline')}
          danger={dialog.outcome === 'declined'}
          onConfirm={run}
          onClose={() => setDialog(null)}
        >
          <p>{t(`apm.explain.${dialog.outcome}`)}</p>
        </Confirm>
      ) : null}
    </div>
  );
}
