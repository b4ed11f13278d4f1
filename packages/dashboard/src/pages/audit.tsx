import { Fragment } from 'preact';
import type { AuditEntry } from '../api.js';
import { formatDate, t } from '../i18n.js';
import { BASE, navigate } from '../router.js';
import { PageHeading } from '../shared.js';
import { FormField } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import type { PageProps } from '../page-props.js';
import { LoadMore, useCursorPages } from '../paged.js';

/**
 * The audit log (GET /audit): who changed what, when, and on which object, newest first, 50 at a time
 * with "Load more"; filtered by one action, kept in the URL's query.
 */

/** The actions the panel writes (an action not listed is still shown, and found by its code). */
const ACTIONS = [
  'session.create',
  'session.delete',
  'transaction.settle',
  'transaction.refund',
  'transaction.void',
  'key.create',
  'key.update',
  'key.revoke',
  'user.create',
  'user.delete',
  'notification.resend',
  'notification.test',
  'withdrawal.approve',
  'withdrawal.decline',
  'withdrawal.settle',
  'apm.complete',
  'upo.suspend',
  'upo.enable',
  'upo.delete',
  'site.update',
  'site.webhook-secret.rotate',
  'platform.kyc.move',
  'platform.payout.move',
  'platform.split.move',
];

const query = (action: string, cursor?: string) => {
  const q = new URLSearchParams();
  if (action) q.set('action', action);
  if (cursor) q.set('cursor', cursor);
  const s = q.toString();
  return `/audit${s ? `?${s}` : ''}`;
};

export function Audit({ me, loc }: PageProps) {
  const action = loc.search.get('action') ?? '';
  const pages = useCursorPages<AuditEntry>((cursor) => query(action, cursor), [action], { clearOnReload: true });
  const { items, error } = pages;

  const choose = (e: Event) => {
    const v = (e.target as HTMLSelectElement).value;
    navigate(`${BASE}/audit${v ? `?action=${encodeURIComponent(v)}` : ''}`, { replace: true });
  };

  return (
    <>
      <PageHeading title={t('audit.title')} merchant={me.user.merchantName} />
      <div class="dash-filters dash-wide">
        <FormField id="audit-action" label={t('audit.action')}>
          <select id="audit-action" class="dash-input" value={action} onChange={choose}>
            <option value="">{t('audit.anyAction')}</option>
            {[...ACTIONS, ...(action && !ACTIONS.includes(action) ? [action] : [])].map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        label={t('audit.title')}
        rows={error ? [] : items}
        rowKey={(e) => `${e.at}|${e.action}|${e.target}|${e.userEmail}`}
        rowProps={(e) => ({ 'data-audit': e.action })}
        empty={action ? t('audit.emptyFiltered') : t('audit.empty')}
        columns={[
          { key: 'at', label: t('audit.when'), render: (e) => formatDate(e.at) },
          { key: 'who', label: t('audit.who'), render: (e) => e.userEmail },
          {
            key: 'what',
            label: t('audit.what'),
            render: (e) => (
              <>
                {actionLabel(e.action)} <span class="dash-mono dash-hint">{e.action}</span>
              </>
            ),
          },
          { key: 'target', label: t('audit.target'), render: (e) => <span class="dash-mono">{e.target}</span> },
          { key: 'detail', label: t('audit.detail'), render: (e) => <Detail detail={e.detail} /> },
        ]}
      />
      <LoadMore pages={pages} />
    </>
  );
}

/** The action's words ("Refund"), or its code when the panel has none for it. */
function actionLabel(action: string): string {
  const key = `audit.do.${action}`;
  const text = t(key);
  return text === key ? action : text;
}

function Detail({ detail }: { detail: Record<string, unknown> }) {
  const entries = Object.entries(detail);
  if (entries.length === 0) return <span class="dash-hint">—</span>;
  return (
    <dl class="dash-facts dash-detail">
      {entries.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
