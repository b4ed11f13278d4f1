import { useState } from 'preact/hooks';
import { api, type Notification } from '../api.js';
import { LoadMore, useCursorPages } from '../paged.js';
import { formatDate, t } from '../i18n.js';
import { announce, Confirm, PageHeading } from '../shared.js';
import { FormField, fieldDescribedBy } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import type { PageProps } from '../page-props.js';

/**
 * The notifications the gateway sent (webhooks, DMNs, e-mails), newest first, each with its attempts
 * (HTTP status, latency, an excerpt of the answer) and its payload; a Resend button where the user may,
 * and a signed sample notification sent to a URL of the user's choice (sandbox mode).
 */
export function Notifications({ me, can }: PageProps) {
  const [round, setRound] = useState(0);
  const [testing, setTesting] = useState(false);
  const resend = can('notifications.resend');
  // loaded again after a resend or a test notification (`round`), keeping the list meanwhile
  const pages = useCursorPages<Notification>(
    (cursor) => (cursor ? `/notifications?cursor=${encodeURIComponent(cursor)}` : '/notifications'),
    [round],
  );
  const { items, error, setError } = pages;

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
      {resend ? (
        <div class="dash-actions">
          <button type="button" class="dash-btn" onClick={() => setTesting(true)}>
            {t('ntf.test')}
          </button>
        </div>
      ) : null}
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
      <LoadMore pages={pages} />
      {testing ? (
        <SendTest
          onClose={() => setTesting(false)}
          onSent={(n) => {
            announce(t('ntf.testSent', { target: n.target }));
            setTesting(false);
            setRound((r) => r + 1);
          }}
        />
      ) : null}
    </>
  );
}

/** The test notification's dialog: a webhook or a DMN, and where to send it. */
function SendTest({ onClose, onSent }: { onClose: () => void; onSent: (n: Notification) => void }) {
  const [kind, setKind] = useState<'webhook' | 'dmn'>('webhook');
  const [url, setUrl] = useState('');
  return (
    <Confirm
      id="send-test"
      title={t('ntf.testTitle')}
      confirm={t('ntf.testSend')}
      onClose={onClose}
      onConfirm={async () => {
        if (!/^https?:\/\/\S+$/i.test(url.trim())) throw new Error(t('ntf.testUrlInvalid'));
        onSent(await api<Notification>('POST', '/notifications/test', { kind, url: url.trim() }));
      }}
    >
      <p>{t('ntf.testExplain')}</p>
      <FormField id="test-kind" label={t('ntf.kind')}>
        <select
          id="test-kind"
          class="dash-input"
          value={kind}
          onChange={(e) => setKind((e.target as HTMLSelectElement).value as 'webhook' | 'dmn')}
        >
          <option value="webhook">{t('ntf.kind.webhook')}</option>
          <option value="dmn">{t('ntf.kind.dmn')}</option>
        </select>
      </FormField>
      <FormField id="test-url" label={t('ntf.testUrl')} hint={t('ntf.testUrlHint')}>
        <input
          id="test-url"
          class="dash-input"
          type="url"
          inputMode="url"
          autocomplete="off"
          spellcheck={false}
          aria-describedby={fieldDescribedBy('test-url', 'hint')}
          value={url}
          onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
        />
      </FormField>
    </Confirm>
  );
}
