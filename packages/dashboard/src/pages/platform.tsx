import { useEffect, useState } from 'preact/hooks';
import { api, type AccountOwner, type Payout, type Platform, type Split } from '../api.js';
import { formatDate, money, t } from '../i18n.js';
import { announce, Confirm, PageHeading } from '../shared.js';
import { FormField } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import { Skeleton } from '../../../web-sdk/src/ui/components/Spinner/Spinner.js';
import type { PageProps } from '../page-props.js';

/**
 * The marketplace platform: sellers (account owners) and their KYC status, payouts, split transactions,
 * the e-mail configurations and the e-mails sent. In the sandbox an admin moves a seller, a payout or a
 * split to a new status, as the platform operator would (the state machines decide). A merchant that
 * does not use the platform is told so.
 */

/** The statuses each resource can be moved to (docs/platform.md; the server refuses a forbidden move). */
const KYC = ['IN_PROGRESS', 'ACTIVE', 'FAILED', 'REJECTED'];
const PAYOUT = ['ACCEPTED', 'PROCESSED', 'RETURNED', 'CANCELLED', 'FAILED'];
const SPLIT = ['PENDING_SETTLEMENT', 'RECONCILED', 'CANCELLED'];

type Move = { path: string; code: string; what: string; current: string; statuses: string[] } | null;

export function PlatformPage({ me, can }: PageProps) {
  const [p, setP] = useState<Platform | null>(null);
  const [error, setError] = useState('');
  const [move, setMove] = useState<Move>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api<Platform>('GET', '/platform').then(
      (r) => live && setP(r),
      (err: unknown) => live && setError((err as Error).message),
    );
    return () => void (live = false);
  }, [round]);

  const moves = Boolean(p?.sandbox) && can('platform.manage');
  const moveButton = (m: NonNullable<Move>) =>
    moves ? (
      <button
        type="button"
        class="dash-btn link"
        onClick={() => setMove(m)}
        aria-label={t('platform.moveOf', { what: m.what })}
      >
        {t('platform.move')}
      </button>
    ) : null;

  return (
    <>
      <PageHeading title={t('platform.title')} merchant={me.user.merchantName} />
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      {p === null && !error ? <Skeleton height={160} label={t('loading')} /> : null}
      {p && !p.enabled ? <p class="dash-note">{t('platform.notUsed')}</p> : null}
      {p && p.enabled ? (
        <>
          <p class="dash-hint">{t(p.sandbox ? 'platform.introSandbox' : 'platform.intro')}</p>
          <h2>{t('platform.owners')}</h2>
          <DataTable<AccountOwner>
            label={t('platform.owners')}
            rows={p.accountOwners}
            rowKey={(o) => o.accountOwnerCode}
            rowProps={(o) => ({ 'data-owner': o.accountOwnerCode })}
            empty={t('platform.noOwners')}
            columns={[
              { key: 'name', label: t('platform.name'), render: (o) => o.name },
              {
                key: 'code',
                label: t('platform.code'),
                render: (o) => <span class="dash-mono">{o.accountOwnerCode}</span>,
              },
              { key: 'ref', label: t('platform.extRef'), render: (o) => o.extRef },
              { key: 'email', label: t('platform.email'), render: (o) => o.email },
              { key: 'country', label: t('platform.country'), render: (o) => o.country },
              {
                key: 'kyc',
                label: t('platform.kyc'),
                render: (o) => (
                  <>
                    <span
                      class={`dash-badge ${o.kycStatus === 'ACTIVE' ? 'ok' : o.kycStatus === 'IN_PROGRESS' || o.kycStatus === 'MISSING_DATA' ? 'wait' : 'bad'}`}
                    >
                      {o.kycStatus}
                    </span>
                    {o.reason ? <p class="dash-hint">{o.reason}</p> : null}
                  </>
                ),
              },
              ...(moves
                ? [
                    {
                      key: 'actions',
                      label: t('platform.actions'),
                      render: (o: AccountOwner) =>
                        moveButton({
                          path: `/platform/account-owners/${encodeURIComponent(o.accountOwnerCode)}/status`,
                          code: o.accountOwnerCode,
                          what: o.name,
                          current: o.kycStatus,
                          statuses: KYC,
                        }),
                    },
                  ]
                : []),
            ]}
          />
          <h2>{t('platform.payouts')}</h2>
          <DataTable<Payout>
            label={t('platform.payouts')}
            rows={p.payouts}
            rowKey={(o) => o.payoutCode}
            empty={t('platform.noPayouts')}
            columns={[
              { key: 'code', label: t('platform.code'), render: (o) => <span class="dash-mono">{o.payoutCode}</span> },
              {
                key: 'owner',
                label: t('platform.owner'),
                render: (o) => <span class="dash-mono">{o.accountOwnerCode}</span>,
              },
              {
                key: 'amount',
                label: t('platform.amount'),
                numeric: true,
                render: (o) => money(String(o.amount), o.currency),
              },
              { key: 'status', label: t('platform.status'), render: (o) => o.status },
              { key: 'updated', label: t('platform.updated'), render: (o) => formatDate(o.updatedAt) },
              ...(moves
                ? [
                    {
                      key: 'actions',
                      label: t('platform.actions'),
                      render: (o: Payout) =>
                        moveButton({
                          path: `/platform/payouts/${encodeURIComponent(o.payoutCode)}/status`,
                          code: o.payoutCode,
                          what: o.payoutCode,
                          current: o.status,
                          statuses: PAYOUT,
                        }),
                    },
                  ]
                : []),
            ]}
          />
          <h2>{t('platform.splits')}</h2>
          <DataTable<Split>
            label={t('platform.splits')}
            rows={p.splits}
            rowKey={(o) => o.splitCode}
            empty={t('platform.noSplits')}
            columns={[
              { key: 'code', label: t('platform.code'), render: (o) => <span class="dash-mono">{o.splitCode}</span> },
              {
                key: 'tx',
                label: t('platform.transaction'),
                render: (o) => <span class="dash-mono">{o.transactionId}</span>,
              },
              {
                key: 'amount',
                label: t('platform.amount'),
                numeric: true,
                render: (o) => money(String(o.amount), o.currency),
              },
              {
                key: 'parts',
                label: t('platform.parts'),
                render: (o) =>
                  o.splits.map((s) => `${s.accountOwnerCode} ${money(String(s.amount), o.currency)}`).join(', '),
              },
              { key: 'status', label: t('platform.status'), render: (o) => o.status },
              ...(moves
                ? [
                    {
                      key: 'actions',
                      label: t('platform.actions'),
                      render: (o: Split) =>
                        moveButton({
                          path: `/platform/splits/${encodeURIComponent(o.splitCode)}/status`,
                          code: o.splitCode,
                          what: o.splitCode,
                          current: o.status,
                          statuses: SPLIT,
                        }),
                    },
                  ]
                : []),
            ]}
          />
          <h2>{t('platform.configurations')}</h2>
          <DataTable
            label={t('platform.configurations')}
            rows={p.emailConfigurations}
            rowKey={(c) => c.configurationId}
            empty={t('platform.noConfigurations')}
            columns={[
              { key: 'type', label: t('platform.type'), render: (c) => c.notificationType },
              { key: 'to', label: t('platform.to'), render: (c) => c.emails.split(',').join(', ') },
              { key: 'enabled', label: t('platform.enabled'), render: (c) => t(c.enabled ? 'sites.on' : 'sites.off') },
              { key: 'updated', label: t('platform.updated'), render: (c) => formatDate(c.updatedAt) },
            ]}
          />
          <h2>{t('platform.emails')}</h2>
          <DataTable
            label={t('platform.emails')}
            rows={p.emails}
            rowKey={(e) => e.id}
            empty={t('platform.noEmails')}
            columns={[
              { key: 'at', label: t('platform.created'), render: (e) => formatDate(e.createdAt) },
              { key: 'type', label: t('platform.type'), render: (e) => e.notificationType },
              { key: 'to', label: t('platform.to'), render: (e) => e.to.join(', ') },
              { key: 'subject', label: t('platform.subject'), render: (e) => e.subject },
              { key: 'status', label: t('platform.status'), render: (e) => e.status },
            ]}
          />
        </>
      ) : null}
      {move ? (
        <MoveDialog
          move={move}
          onClose={() => setMove(null)}
          onDone={() => {
            setMove(null);
            setRound((r) => r + 1);
          }}
        />
      ) : null}
    </>
  );
}

function MoveDialog({ move, onClose, onDone }: { move: NonNullable<Move>; onClose: () => void; onDone: () => void }) {
  const [status, setStatus] = useState(move.statuses.find((s) => s !== move.current) ?? move.statuses[0]!);
  const [reason, setReason] = useState('');
  return (
    <Confirm
      id="platform-move"
      title={t('platform.moveTitle', { what: move.what, current: move.current })}
      confirm={t('platform.move')}
      onClose={onClose}
      onConfirm={async () => {
        await api('POST', move.path, { status, ...(reason.trim() ? { reason: reason.trim() } : {}) });
        announce(t('platform.moved', { what: move.what, status }));
        onDone();
      }}
    >
      <FormField id="move-status" label={t('platform.newStatus')}>
        <select
          id="move-status"
          class="dash-input"
          value={status}
          onChange={(e) => setStatus((e.target as HTMLSelectElement).value)}
        >
          {move.statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="move-reason" label={t('platform.reason')}>
        <input
          id="move-reason"
          class="dash-input"
          maxLength={500}
          value={reason}
          onInput={(e) => setReason((e.target as HTMLInputElement).value)}
        />
      </FormField>
    </Confirm>
  );
}
