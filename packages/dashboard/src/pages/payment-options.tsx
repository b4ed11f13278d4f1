import { useEffect, useState } from 'preact/hooks';
import { api, type PaymentOption } from '../api.js';
import { formatDate, t } from '../i18n.js';
import { navigate } from '../router.js';
import { announce, CardCell, Confirm, PageHeading } from '../shared.js';
import { FormField } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import type { PageProps } from '../page-props.js';

/**
 * A customer's stored payment options, found by the merchant's userTokenId (kept in the URL's query):
 * masked cards and APM accounts, their site, expiry and status; Suspend / Enable at once, Delete after
 * a confirmation. The actions are the session API's suspendUPO, enableUPO and deleteUPO.
 */
export function PaymentOptions({ me, loc, can }: PageProps) {
  const asked = loc.search.get('userTokenId') ?? '';
  const [query, setQuery] = useState(asked);
  const [items, setItems] = useState<PaymentOption[] | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  const [deleting, setDeleting] = useState<PaymentOption | null>(null);
  const manage = can('upos.manage');

  useEffect(() => {
    setQuery(asked);
    if (!asked) {
      setItems(null);
      return;
    }
    let live = true;
    setError('');
    api<{ items: PaymentOption[] }>('GET', `/payment-options?userTokenId=${encodeURIComponent(asked)}`).then(
      (r) => {
        if (!live) return;
        setItems(r.items);
      },
      (err: unknown) => live && setError((err as Error).message),
    );
    return () => void (live = false);
  }, [asked, round]);

  const find = (e: Event) => {
    e.preventDefault();
    const v = query.trim();
    navigate(v ? `${loc.path}?userTokenId=${encodeURIComponent(v)}` : loc.path);
  };
  const nameOf = (o: PaymentOption) =>
    o.last4 ? t('upos.cardNamed', { brand: o.brand ?? '', last4: o.last4 }) : o.masked;
  const setSuspended = async (o: PaymentOption, suspended: boolean) => {
    try {
      setError('');
      await api('POST', `/payment-options/${encodeURIComponent(o.id)}/${suspended ? 'suspend' : 'enable'}`, {});
      announce(t(suspended ? 'upos.suspended' : 'upos.enabled', { name: nameOf(o) }));
      setRound((r) => r + 1);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <>
      <PageHeading title={t('upos.title')} merchant={me.user.merchantName} />
      <p class="dash-hint">{t('upos.intro')}</p>
      <form class="dash-filters" role="search" aria-label={t('upos.search')} onSubmit={find}>
        <div class="dash-search">
          <FormField id="upo-user" label={t('upos.userTokenId')}>
            <input
              id="upo-user"
              class="dash-input"
              maxLength={255}
              autoComplete="off"
              value={query}
              onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
            />
          </FormField>
        </div>
        <div>
          <button type="submit" class="dash-btn primary">
            {t('upos.find')}
          </button>
        </div>
      </form>
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      {asked ? (
        <DataTable
          label={t('upos.of', { user: asked })}
          rows={items}
          rowKey={(o) => o.id}
          rowProps={(o) => ({ 'data-upo': o.id })}
          empty={t('upos.none', { user: asked })}
          columns={[
            {
              key: 'option',
              label: t('upos.option'),
              render: (o) => (o.last4 ? <CardCell brand={o.brand} last4={o.last4} /> : <span>{o.paymentMethod}</span>),
            },
            { key: 'masked', label: t('upos.masked'), render: (o) => <span class="dash-mono">{o.masked}</span> },
            { key: 'expiry', label: t('upos.expiry'), render: (o) => o.expiry ?? '—' },
            { key: 'holder', label: t('upos.holder'), render: (o) => o.holderName || '—' },
            { key: 'site', label: t('upos.site'), render: (o) => <span class="dash-mono">{o.merchantSiteId}</span> },
            { key: 'created', label: t('upos.created'), render: (o) => formatDate(o.createdAt) },
            {
              key: 'status',
              label: t('upos.status'),
              render: (o) => (
                <span class={`dash-badge ${o.status === 'enabled' ? 'ok' : 'wait'}`}>
                  {t(`upos.status.${o.status}`)}
                </span>
              ),
            },
            ...(manage
              ? [
                  {
                    key: 'actions',
                    label: t('upos.actions'),
                    render: (o: PaymentOption) => (
                      <>
                        <button
                          type="button"
                          class="dash-btn link"
                          onClick={() => void setSuspended(o, o.status === 'enabled')}
                          aria-label={t(o.status === 'enabled' ? 'upos.suspendOf' : 'upos.enableOf', {
                            name: nameOf(o),
                          })}
                        >
                          {t(o.status === 'enabled' ? 'upos.suspend' : 'upos.enable')}
                        </button>
                        <button
                          type="button"
                          class="dash-btn link danger"
                          onClick={() => setDeleting(o)}
                          aria-label={t('upos.deleteOf', { name: nameOf(o) })}
                        >
                          {t('upos.delete')}
                        </button>
                      </>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {deleting ? (
        <Confirm
          id="delete-upo"
          title={t('upos.deleteTitle', { name: nameOf(deleting) })}
          confirm={t('upos.delete')}
          danger
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await api('DELETE', `/payment-options/${encodeURIComponent(deleting.id)}`);
            announce(t('upos.deleted', { name: nameOf(deleting) }));
            setDeleting(null);
            setRound((r) => r + 1);
          }}
        >
          <p>{t('upos.deleteExplain')}</p>
        </Confirm>
      ) : null}
    </>
  );
}
