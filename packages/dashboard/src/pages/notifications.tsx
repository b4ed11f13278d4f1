import { useEffect, useState } from 'preact/hooks';
import { api, type Notification, type Page } from '../api.js';
import { formatDate, t } from '../i18n.js';
import { announce, PageHeading } from '../shared.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import type { PageProps } from '../page-props.js';

/**
 * The notifications the gateway sent (webhooks, DMNs, e-mails), newest first, each with its attempts
 * (HTTP status, latency, an excerpt of the answer) and its payload; a Resend button where the user may.
 */
export function Notifications({ me, can }: PageProps) {
  const [items, setItems] = useState<Notification[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  const resend = can('notifications.resend');

  useEffect(() => {
    let live = true;
    api<Page<Notification>>('GET', '/notifications').then(
      (p) => {
        if (!live) return;
        setItems(p.items);
        setNext(p.nextCursor);
      },
      (err: unknown) => live && setError((err as Error).message),
    );
    return () => void (live = false);
  }, [round]);

  const more = async () => {
    if (!next) return;
    try {
      const p = await api<Page<Notification>>('GET', `/notifications?cursor=${encodeURIComponent(next)}`);
      setItems((cur) => [...(cur ?? []), ...p.items]);
      setNext(p.nextCursor);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const again = async (n: Notification) => {
    try {
      await api('POST', `/notifications/${encodeURIComponent(n.id)}/resend`, {});
      announce(t('ntf.resent', { event: n.event }));
      setRound((r) => r + 1);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <>
      <PageHeading title={t('ntf.title')} merchant={me.user.merchantName} />
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      {error && items === null ? null : (
        <div class="dash-ntf">
          <DataTable
            label={t('ntf.title')}
            rows={items}
            empty={t('ntf.empty')}
            rowKey={(n) => n.id}
            rowProps={(n) => ({ 'data-notification': n.id })}
            columns={[
              { key: 'event', label: t('ntf.event'), render: (n) => n.event },
              { key: 'kind', label: t('ntf.kind'), render: (n) => t(`ntf.kind.${n.kind}`) },
              { key: 'target', label: t('ntf.target'), render: (n) => <span class="dash-mono">{n.target}</span> },
              { key: 'status', label: t('ntf.status'), render: (n) => n.status },
              {
                key: 'attempts',
                label: t('ntf.attempts'),
                render: (n) => (
                  <details>
                    <summary>
                      {n.attempts.length === 1
                        ? t('ntf.attemptOne')
                        : t('ntf.attemptCount', { count: n.attempts.length })}
                    </summary>
                    <ul>
                      {n.attempts.map((a, i) => (
                        <li key={i}>
                          {formatDate(a.at)}: {a.status ?? t('ntf.noAnswer')}
                          {a.latencyMs !== null ? ` (${a.latencyMs} ms)` : ''}
                          {a.excerpt ? <pre>{a.excerpt}</pre> : null}
                        </li>
                      ))}
                    </ul>
                    <p class="dash-label">{t('ntf.payload')}</p>
                    <pre>{n.payload}</pre>
                  </details>
                ),
              },
              ...(resend
                ? [
                    {
                      key: 'resend',
                      label: t('keys.actions'),
                      render: (n: Notification) => (
                        <button
                          type="button"
                          class="dash-btn link"
                          aria-label={t('ntf.resendOf', { event: n.event })}
                          onClick={() => void again(n)}
                        >
                          {t('ntf.resend')}
                        </button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      )}
      {next ? (
        <div class="dash-actions">
          <button type="button" class="dash-btn" onClick={() => void more()}>
            {t('tx.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
