import { useEffect, useState } from 'preact/hooks';
import { api, type Entity, type Key } from '../api.js';
import { formatDate, t } from '../i18n.js';
import { announce, Confirm, PageHeading, ShownOnce } from '../shared.js';
import { FormField } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import { Skeleton } from '../../../web-sdk/src/ui/components/Spinner/Spinner.js';
import type { PageProps } from '../page-props.js';

/**
 * The REST 2.0 keys, under the tree of entities the user may see. "Create key" asks for the entity, the
 * type and a label in a dialog, then shows the new secret ONCE, read-only, with a Copy button and a
 * warning; a key's label can be renamed, and a key revoked after a confirmation.
 */
type Dialog = { kind: 'create' } | { kind: 'rename'; key: Key } | { kind: 'revoke'; key: Key } | null;

export function Keys({ me, can }: PageProps) {
  const [entities, setEntities] = useState<Entity[] | null>(null);
  const [error, setError] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [round, setRound] = useState(0);
  const manage = can('keys.manage');

  useEffect(() => {
    let live = true;
    api<{ entities: Entity[] }>('GET', '/keys').then(
      (r) => live && setEntities(r.entities),
      (err: unknown) => live && setError((err as Error).message),
    );
    return () => void (live = false);
  }, [round]);
  const reload = () => setRound((n) => n + 1);

  const children = (parentId: string | null) => (entities ?? []).filter((e) => e.parentId === parentId);
  const roots = (entities ?? []).filter((e) => !e.parentId || !entities?.some((p) => p.id === e.parentId));
  const tree = (list: Entity[]) => (
    <ul class="dash-tree">
      {list.map((e) => (
        <li key={e.id} class="dash-entity" data-entity={e.id}>
          <h2>
            {e.name} <span class="dash-hint dash-mono">{e.id}</span>
          </h2>
          <KeyTable entity={e} manage={manage} onDialog={setDialog} />
          {children(e.id).length ? tree(children(e.id)) : null}
        </li>
      ))}
    </ul>
  );

  return (
    <>
      <PageHeading title={t('keys.title')} merchant={me.user.merchantName} />
      <p class="dash-hint">{t('keys.intro')}</p>
      {manage && entities?.length ? (
        <div class="dash-actions">
          <button type="button" class="dash-btn primary" onClick={() => setDialog({ kind: 'create' })}>
            {t('keys.create')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      {entities === null && !error ? <Skeleton height={160} label={t('loading')} /> : null}
      {entities ? tree(roots) : null}
      {dialog?.kind === 'create' && entities ? (
        <CreateKey entities={entities} onClose={() => setDialog(null)} onCreated={reload} />
      ) : null}
      {dialog?.kind === 'rename' ? <RenameKey k={dialog.key} onClose={() => setDialog(null)} onDone={reload} /> : null}
      {dialog?.kind === 'revoke' ? (
        <Confirm
          id="revoke-key"
          title={t('keys.revokeTitle', { name: dialog.key.label || dialog.key.hint })}
          confirm={t('keys.revoke')}
          danger
          onConfirm={async () => {
            await api('DELETE', `/keys/${encodeURIComponent(dialog.key.id)}`);
            announce(t('keys.revoked', { name: dialog.key.label || dialog.key.hint }));
            setDialog(null);
            reload();
          }}
          onClose={() => setDialog(null)}
        >
          <p>{t('keys.revokeExplain')}</p>
        </Confirm>
      ) : null}
    </>
  );
}

function KeyTable({ entity, manage, onDialog }: { entity: Entity; manage: boolean; onDialog: (d: Dialog) => void }) {
  if (entity.keys.length === 0) return <p class="dash-hint">{t('keys.none')}</p>;
  return (
    <DataTable
      label={t('keys.of', { name: entity.name })}
      rows={entity.keys}
      rowKey={(k) => k.id}
      rowProps={(k) => ({ 'data-key': k.id })}
      columns={[
        {
          key: 'label',
          label: t('keys.label'),
          render: (k) => k.label || <span class="dash-hint">{t('keys.noLabel')}</span>,
        },
        { key: 'type', label: t('keys.type'), render: (k) => t(`keys.type.${k.type}`) },
        { key: 'hint', label: t('keys.hint'), render: (k) => <span class="dash-mono">{k.hint}</span> },
        { key: 'created', label: t('keys.created'), render: (k) => formatDate(k.createdAt) },
        {
          key: 'state',
          label: t('keys.state'),
          render: (k) => (k.revokedAt ? t('keys.revokedAt', { at: formatDate(k.revokedAt) }) : t('keys.active')),
        },
        ...(manage
          ? [
              {
                key: 'actions',
                label: t('keys.actions'),
                render: (k: Key) =>
                  k.revokedAt ? null : (
                    <>
                      <button
                        type="button"
                        class="dash-btn link"
                        onClick={() => onDialog({ kind: 'rename', key: k })}
                        aria-label={t('keys.renameOf', { name: k.label || k.hint })}
                      >
                        {t('keys.rename')}
                      </button>
                      <button
                        type="button"
                        class="dash-btn link danger"
                        onClick={() => onDialog({ kind: 'revoke', key: k })}
                        aria-label={t('keys.revokeOf', { name: k.label || k.hint })}
                      >
                        {t('keys.revoke')}
                      </button>
                    </>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}

function CreateKey({
  entities,
  onClose,
  onCreated,
}: {
  entities: Entity[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const [entityId, setEntityId] = useState(entities[0]?.id ?? '');
  const [type, setType] = useState<'operations' | 'dispute'>('operations');
  const [label, setLabel] = useState('');
  const [secret, setSecret] = useState<string | null>(null);

  if (secret !== null)
    return (
      <ShownOnce
        id="new-key"
        title={t('keys.createdTitle')}
        warning={t('keys.once')}
        fieldId="new-key-secret"
        label={t('keys.secret')}
        value={secret}
        onClose={onClose}
      />
    );
  return (
    <Confirm
      id="create-key"
      title={t('keys.create')}
      confirm={t('keys.create')}
      onClose={onClose}
      onConfirm={async () => {
        const r = await api<{ key: Key; plaintext: string }>('POST', '/keys', {
          entityId,
          type,
          ...(label.trim() ? { label: label.trim() } : {}),
        });
        setSecret(r.plaintext);
        onCreated();
      }}
    >
      <FormField id="key-entity" label={t('keys.entity')}>
        <select
          id="key-entity"
          class="dash-input"
          value={entityId}
          onChange={(e) => setEntityId((e.target as HTMLSelectElement).value)}
        >
          {entities.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="key-type" label={t('keys.type')}>
        <select
          id="key-type"
          class="dash-input"
          value={type}
          onChange={(e) => setType((e.target as HTMLSelectElement).value as 'operations')}
        >
          <option value="operations">{t('keys.type.operations')}</option>
          <option value="dispute">{t('keys.type.dispute')}</option>
        </select>
      </FormField>
      <FormField id="key-label" label={t('keys.labelOptional')}>
        <input
          id="key-label"
          class="dash-input"
          maxLength={100}
          value={label}
          onInput={(e) => setLabel((e.target as HTMLInputElement).value)}
        />
      </FormField>
    </Confirm>
  );
}

function RenameKey({ k, onClose, onDone }: { k: Key; onClose: () => void; onDone: () => void }) {
  const [label, setLabel] = useState(k.label ?? '');
  return (
    <Confirm
      id="rename-key"
      title={t('keys.renameTitle', { name: k.label || k.hint })}
      confirm={t('action.save')}
      onClose={onClose}
      onConfirm={async () => {
        await api('PATCH', `/keys/${encodeURIComponent(k.id)}`, { label: label.trim() });
        announce(t('keys.renamed', { name: label.trim() }));
        onClose();
        onDone();
      }}
    >
      <FormField id="rename-label" label={t('keys.label')}>
        <input
          id="rename-label"
          class="dash-input"
          maxLength={100}
          value={label}
          onInput={(e) => setLabel((e.target as HTMLInputElement).value)}
        />
      </FormField>
    </Confirm>
  );
}
