import { useEffect, useState } from 'preact/hooks';
import { api, type Role, type User } from '../api.js';
import { formatDay, t } from '../i18n.js';
import { announce, Confirm, PageHeading, ShownOnce } from '../shared.js';
import { FormField } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { DataTable } from '../../../web-sdk/src/ui/components/DataTable/DataTable.js';
import { Skeleton } from '../../../web-sdk/src/ui/components/Spinner/Spinner.js';
import type { PageProps } from '../page-props.js';

/**
 * The merchant's panel users: the list, an invitation (e-mail, name, role, and an expiry date for a
 * Temp user) whose generated first password is shown once, and removal after a confirmation.
 */
const ROLES: Role[] = ['admin', 'developer', 'temp', 'finance', 'viewer'];

export function Users({ me }: PageProps) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [error, setError] = useState('');
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<User | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    api<{ items: User[] }>('GET', '/users').then(
      (r) => live && setUsers(r.items),
      (err: unknown) => live && setError((err as Error).message),
    );
    return () => void (live = false);
  }, [round]);
  const reload = () => setRound((n) => n + 1);

  return (
    <>
      <PageHeading title={t('users.title')} merchant={me.user.merchantName} />
      <div class="dash-actions">
        <button type="button" class="dash-btn primary" onClick={() => setInviting(true)}>
          {t('users.invite')}
        </button>
      </div>
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      {users === null && !error ? <Skeleton height={120} label={t('loading')} /> : null}
      {users ? (
        <DataTable
          label={t('users.title')}
          rows={users}
          rowKey={(u) => u.id}
          rowProps={(u) => ({ 'data-user': u.email })}
          columns={[
            { key: 'name', label: t('users.name'), render: (u) => u.name },
            { key: 'email', label: t('users.email'), render: (u) => u.email },
            { key: 'role', label: t('users.role'), render: (u) => t(`role.${u.role}`) },
            {
              key: 'expires',
              label: t('users.expires'),
              render: (u) => (u.expiresAt ? formatDay(u.expiresAt) : t('users.never')),
            },
            {
              key: 'actions',
              label: t('keys.actions'),
              render: (u) =>
                u.id === me.user.id ? (
                  <span class="dash-hint">{t('users.you')}</span>
                ) : (
                  <button
                    type="button"
                    class="dash-btn link danger"
                    aria-label={t('users.removeOf', { name: u.name || u.email })}
                    onClick={() => setRemoving(u)}
                  >
                    {t('users.remove')}
                  </button>
                ),
            },
          ]}
        />
      ) : null}
      {inviting ? <Invite onClose={() => setInviting(false)} onDone={reload} /> : null}
      {removing ? (
        <Confirm
          id="remove-user"
          title={t('users.removeTitle', { name: removing.name || removing.email })}
          confirm={t('users.remove')}
          danger
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await api('DELETE', `/users/${encodeURIComponent(removing.id)}`);
            announce(t('users.removed', { name: removing.name || removing.email }));
            setRemoving(null);
            reload();
          }}
        >
          <p>{t('users.removeExplain')}</p>
        </Confirm>
      ) : null}
    </>
  );
}

function Invite({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [expires, setExpires] = useState('');
  const [made, setMade] = useState<{ user: User; password: string } | null>(null);

  if (made)
    return (
      <ShownOnce
        id="invited"
        title={t('users.invited', { name: made.user.name || made.user.email })}
        warning={t('users.once')}
        fieldId="first-password"
        label={t('users.firstPassword')}
        value={made.password}
        onClose={onClose}
      />
    );
  return (
    <Confirm
      id="invite"
      title={t('users.invite')}
      confirm={t('users.invite')}
      onClose={onClose}
      onConfirm={async () => {
        const expiresAt = role === 'temp' && expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined;
        const r = await api<{ user: User; password: string }>('POST', '/users', {
          email: email.trim(),
          name: name.trim(),
          role,
          ...(expiresAt ? { expiresAt } : {}),
        });
        setMade(r);
        onDone();
      }}
    >
      <FormField id="invite-email" label={t('users.email')}>
        <input
          id="invite-email"
          class="dash-input"
          type="email"
          autocomplete="off"
          value={email}
          onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
        />
      </FormField>
      <FormField id="invite-name" label={t('users.name')}>
        <input
          id="invite-name"
          class="dash-input"
          autocomplete="off"
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </FormField>
      <FormField id="invite-role" label={t('users.role')}>
        <select
          id="invite-role"
          class="dash-input"
          value={role}
          onChange={(e) => setRole((e.target as HTMLSelectElement).value as Role)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </select>
      </FormField>
      {role === 'temp' ? (
        <FormField id="invite-expires" label={t('users.expiresOn')} hint={t('users.expiresHint')}>
          <input
            id="invite-expires"
            class="dash-input"
            type="date"
            required
            aria-describedby="invite-expires-hint"
            value={expires}
            onInput={(e) => setExpires((e.target as HTMLInputElement).value)}
          />
        </FormField>
      ) : null}
    </Confirm>
  );
}
