import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Site } from '../api.js';
import { formatDate, t } from '../i18n.js';
import { announce, Confirm, PageHeading, ShownOnce } from '../shared.js';
import { FormField, fieldDescribedBy } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import type { PageProps } from '../page-props.js';

/**
 * The merchant's sites: the DMN address and the session API settings (edited in a dialog), and the
 * webhook signing secret, rotated after a confirmation and then shown ONCE. The list never holds a
 * secret, only since when the current one signs.
 */
type Dialog = { kind: 'edit'; site: Site } | { kind: 'rotate'; site: Site } | null;

export function Sites({ me, can }: PageProps) {
  const [sites, setSites] = useState<Site[] | null>(null);
  const [error, setError] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [round, setRound] = useState(0);
  const manage = can('sites.manage');

  useEffect(() => {
    let live = true;
    api<{ items: Site[] }>('GET', '/sites').then(
      (r) => live && setSites(r.items),
      (err: unknown) => live && setError((err as Error).message),
    );
    return () => void (live = false);
  }, [round]);
  const reload = () => setRound((n) => n + 1);

  return (
    <>
      <PageHeading title={t('sites.title')} merchant={me.user.merchantName} />
      <p class="dash-hint">{t('sites.intro')}</p>
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        label={t('sites.title')}
        rows={sites}
        rowKey={(s) => s.id}
        rowProps={(s) => ({ 'data-site': s.id })}
        empty={t('sites.none')}
        columns={[
          {
            key: 'name',
            label: t('sites.name'),
            render: (s) => (
              <>
                {s.name} <span class="dash-hint dash-mono">{s.id}</span>
              </>
            ),
          },
          {
            key: 'dmn',
            label: t('sites.col.dmn'),
            render: (s) =>
              s.notificationUrl ? (
                <span class="dash-mono">{s.notificationUrl}</span>
              ) : (
                <span class="dash-hint">{t('sites.noUrl')}</span>
              ),
          },
          {
            key: 'unique',
            label: t('sites.uniqueClientRequestId'),
            render: (s) => t(s.uniqueClientRequestId ? 'sites.on' : 'sites.off'),
          },
          {
            key: 'limit',
            label: t('sites.col.limit'),
            numeric: true,
            render: (s) => String(s.unreferencedRefundLimit),
          },
          {
            key: 'declines',
            label: t('sites.col.declines'),
            numeric: true,
            render: (s) => (s.sessionDeclineLimit === null ? t('sites.noDeclineLimit') : String(s.sessionDeclineLimit)),
          },
          {
            key: 'secret',
            label: t('sites.webhookSecret'),
            render: (s) => (
              <>
                {s.webhookSecret.since
                  ? t('sites.secretSince', { at: formatDate(s.webhookSecret.since) })
                  : t('sites.noSecret')}
                {s.webhookSecret.previousUntil ? (
                  <p class="dash-hint">{t('sites.previousUntil', { at: formatDate(s.webhookSecret.previousUntil) })}</p>
                ) : null}
              </>
            ),
          },
          ...(manage
            ? [
                {
                  key: 'actions',
                  label: t('sites.actions'),
                  render: (s: Site) => (
                    <>
                      <button
                        type="button"
                        class="dash-btn link"
                        onClick={() => setDialog({ kind: 'edit', site: s })}
                        aria-label={t('sites.editOf', { name: s.name })}
                      >
                        {t('sites.edit')}
                      </button>
                      <button
                        type="button"
                        class="dash-btn link danger"
                        onClick={() => setDialog({ kind: 'rotate', site: s })}
                        aria-label={t('sites.rotateOf', { name: s.name })}
                      >
                        {t('sites.rotate')}
                      </button>
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
      {dialog?.kind === 'edit' ? <EditSite site={dialog.site} onClose={() => setDialog(null)} onDone={reload} /> : null}
      {dialog?.kind === 'rotate' ? (
        <RotateSecret site={dialog.site} onClose={() => setDialog(null)} onDone={reload} />
      ) : null}
    </>
  );
}

function EditSite({ site, onClose, onDone }: { site: Site; onClose: () => void; onDone: () => void }) {
  const [url, setUrl] = useState(site.notificationUrl ?? '');
  const [unique, setUnique] = useState(site.uniqueClientRequestId);
  const [limit, setLimit] = useState(String(site.unreferencedRefundLimit));
  const [declines, setDeclines] = useState(site.sessionDeclineLimit === null ? '' : String(site.sessionDeclineLimit));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  return (
    <Confirm
      id="edit-site"
      title={t('sites.editTitle', { name: site.name })}
      confirm={t('action.save')}
      onClose={onClose}
      onConfirm={async () => {
        setFieldError(null);
        if (!/^\d{1,12}$/.test(limit.trim())) {
          setFieldError({ field: 'unreferencedRefundLimit', message: t('sites.limitInvalid') });
          throw new Error(t('sites.limitInvalid'));
        }
        if (declines.trim() !== '' && !/^[1-9]\d{0,5}$/.test(declines.trim())) {
          setFieldError({ field: 'sessionDeclineLimit', message: t('sites.declinesInvalid') });
          throw new Error(t('sites.declinesInvalid'));
        }
        try {
          await api('PATCH', `/sites/${encodeURIComponent(site.id)}`, {
            notificationUrl: url.trim() ? url.trim() : null,
            uniqueClientRequestId: unique,
            unreferencedRefundLimit: Number(limit.trim()),
            sessionDeclineLimit: declines.trim() === '' ? null : Number(declines.trim()),
          });
        } catch (err) {
          if (err instanceof ApiError && err.field) setFieldError({ field: err.field, message: err.message });
          throw err;
        }
        announce(t('sites.saved', { name: site.name }));
        onClose();
        onDone();
      }}
    >
      <FormField
        id="site-url"
        label={t('sites.notificationUrl')}
        hint={t('sites.urlHint')}
        error={errorOf('notificationUrl')}
      >
        <input
          id="site-url"
          class="dash-input"
          type="url"
          maxLength={2000}
          value={url}
          aria-invalid={errorOf('notificationUrl') ? 'true' : undefined}
          aria-describedby={fieldDescribedBy('site-url', t('sites.urlHint'), errorOf('notificationUrl'))}
          onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
        />
      </FormField>
      <div class="dash-check">
        <input
          id="site-unique"
          type="checkbox"
          checked={unique}
          aria-describedby="site-unique-hint"
          onChange={(e) => setUnique((e.target as HTMLInputElement).checked)}
        />
        <label for="site-unique">{t('sites.uniqueClientRequestId')}</label>
        <p class="dash-hint" id="site-unique-hint">
          {t('sites.uniqueHint')}
        </p>
      </div>
      <FormField
        id="site-limit"
        label={t('sites.refundLimit')}
        hint={t('sites.limitHint')}
        error={errorOf('unreferencedRefundLimit')}
      >
        <input
          id="site-limit"
          class="dash-input"
          inputMode="numeric"
          value={limit}
          aria-invalid={errorOf('unreferencedRefundLimit') ? 'true' : undefined}
          aria-describedby={fieldDescribedBy('site-limit', t('sites.limitHint'), errorOf('unreferencedRefundLimit'))}
          onInput={(e) => setLimit((e.target as HTMLInputElement).value)}
        />
      </FormField>
      <FormField
        id="site-declines"
        label={t('sites.declineLimit')}
        hint={t('sites.declinesHint')}
        error={errorOf('sessionDeclineLimit')}
      >
        <input
          id="site-declines"
          class="dash-input"
          inputMode="numeric"
          value={declines}
          aria-invalid={errorOf('sessionDeclineLimit') ? 'true' : undefined}
          aria-describedby={fieldDescribedBy('site-declines', t('sites.declinesHint'), errorOf('sessionDeclineLimit'))}
          onInput={(e) => setDeclines((e.target as HTMLInputElement).value)}
        />
      </FormField>
    </Confirm>
  );
}

function RotateSecret({ site, onClose, onDone }: { site: Site; onClose: () => void; onDone: () => void }) {
  const [secret, setSecret] = useState<{ value: string; until: string | null } | null>(null);
  if (secret)
    return (
      <ShownOnce
        id="new-webhook-secret"
        title={t('sites.rotatedTitle', { name: site.name })}
        warning={
          secret.until ? `${t('sites.once')} ${t('sites.overlap', { at: formatDate(secret.until) })}` : t('sites.once')
        }
        fieldId="new-webhook-secret-value"
        label={t('sites.webhookSecret')}
        value={secret.value}
        onClose={onClose}
      />
    );
  return (
    <Confirm
      id="rotate-secret"
      title={t('sites.rotateTitle', { name: site.name })}
      confirm={t('sites.rotate')}
      danger
      onClose={onClose}
      onConfirm={async () => {
        const r = await api<{ webhookSecret: string; previousValidUntil: string | null }>(
          'POST',
          `/sites/${encodeURIComponent(site.id)}/webhook-secret`,
          {},
        );
        setSecret({ value: r.webhookSecret, until: r.previousValidUntil });
        announce(t('sites.rotated', { name: site.name }));
        onDone();
      }}
    >
      <p>{t('sites.rotateExplain')}</p>
    </Confirm>
  );
}
