import { useEffect, useState } from 'preact/hooks';
import { api, type Notification, type Page } from '../api.js';
import { formatDate, t } from '../i18n.js';
import { announce, PageHeading, TableRegion } from '../shared.js';
import { Skeleton } from '../../../web-sdk/src/ui/components/Spinner/Spinner.js';
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
      {items === null && !error ? <Skeleton height={160} label={t('loading')} /> : null}
      {items && items.length === 0 ? <p class="dash-empty">{t('ntf.empty')}</p> : null}
      {items && items.length ? (
        <TableRegion label={t('ntf.title')}>
          <table class="dash-table">
            <thead>
              <tr>
                <th scope="col">{t('ntf.event')}</th>
                <th scope="col">{t('ntf.kind')}</th>
                <th scope="col">{t('ntf.target')}</th>
                <th scope="col">{t('ntf.status')}</th>
                <th scope="col">{t('ntf.attempts')}</th>
                {resend ? <th scope="col">{t('keys.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {items.map((n) => (
                <tr key={n.id} data-notification={n.id}>
                  <td>{n.event}</td>
                  <td>{t(`ntf.kind.${n.kind}`)}</td>
                  <td class="dash-mono">{n.target}</td>
                  <td>{n.status}</td>
                  <td>
                    <details>
                      <summary>{t('ntf.attemptCount', { count: n.attempts.length })}</summary>
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
                  </td>
                  {resend ? (
                    <td>
                      <button
                        type="button"
                        class="dash-btn link"
                        aria-label={t('ntf.resendOf', { event: n.event })}
                        onClick={() => void again(n)}
                      >
                        {t('ntf.resend')}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
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
