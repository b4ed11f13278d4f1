import type { Me, Permission } from './api.js';
import { BASE, type Location, onLinkClick } from './router.js';
import type { PageProps } from './page-props.js';
import { t } from './i18n.js';
import { Announcer, PageHeading } from './shared.js';
import { LocalePicker } from './locale-picker.js';
import { Transactions } from './pages/transactions.js';
import { TransactionDetail } from './pages/transaction-detail.js';
import { Keys } from './pages/keys.js';
import { Users } from './pages/users.js';
import { Notifications } from './pages/notifications.js';
import { Withdrawals } from './pages/withdrawals.js';
import { PaymentOptions } from './pages/payment-options.js';
import { Sites } from './pages/sites.js';
import { PlatformPage } from './pages/platform.js';
import { Overview } from './pages/overview.js';
import { Audit } from './pages/audit.js';

/** The nav's items and the permission each needs (the server decides; an item it would refuse is not shown). */
const NAV: Array<{ path: string; label: string; needs: Permission }> = [
  { path: `${BASE}/overview`, label: 'nav.overview', needs: 'transactions.read' },
  { path: `${BASE}/transactions`, label: 'nav.transactions', needs: 'transactions.read' },
  { path: `${BASE}/keys`, label: 'nav.keys', needs: 'keys.read' },
  { path: `${BASE}/notifications`, label: 'nav.notifications', needs: 'notifications.read' },
  { path: `${BASE}/withdrawals`, label: 'nav.withdrawals', needs: 'withdrawals.read' },
  { path: `${BASE}/payment-options`, label: 'nav.paymentOptions', needs: 'upos.read' },
  { path: `${BASE}/sites`, label: 'nav.sites', needs: 'sites.read' },
  { path: `${BASE}/platform`, label: 'nav.platform', needs: 'platform.read' },
  { path: `${BASE}/users`, label: 'nav.users', needs: 'users.manage' },
  { path: `${BASE}/audit`, label: 'nav.audit', needs: 'audit.read' },
];

/**
 * The signed-in frame: a skip link, the header (merchant, user and role, language, sign-out), the nav, one main
 * landmark holding the page, and the live region. Links inside the app navigate without a reload.
 */
export function Layout({ me, loc, onSignOut }: { me: Me; loc: Location; onSignOut: () => void }) {
  const can = (p: Permission) => me.permissions.includes(p);
  const props: PageProps = { me, loc, can };
  return (
    <div class="dash gh-theme" onClick={onLinkClick}>
      <a class="dash-skip" href="#main">
        {t('skip')}
      </a>
      <header class="dash-header">
        <p class="dash-brand">{t('brand')}</p>
        <span class="dash-merchant" data-merchant="">
          {me.user.merchantName}
        </span>
        <div class="dash-who">
          <span>
            <span class="dash-sr">{t('header.signedInAs')} </span>
            {me.user.name || me.user.email}{' '}
            <span class="dash-role" data-role={me.user.role}>
              {t(`role.${me.user.role}`)}
            </span>
          </span>
          <LocalePicker id="dash-locale" />
          <button type="button" class="dash-btn" onClick={onSignOut}>
            {t('signOut')}
          </button>
        </div>
      </header>
      <nav class="dash-nav" aria-label={t('nav.label')}>
        <ul>
          {NAV.filter((n) => can(n.needs)).map((n) => (
            <li key={n.path}>
              <a href={n.path} aria-current={loc.path.startsWith(n.path) ? 'page' : undefined}>
                {t(n.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" class="dash-main" tabIndex={-1}>
        <Route {...props} />
      </main>
      <Announcer />
    </div>
  );
}

function Route(props: PageProps) {
  const { path } = props.loc;
  const detail = /^\/dashboard\/transactions\/([^/]+)$/.exec(path);
  if (detail) return <TransactionDetail {...props} id={decodeURIComponent(detail[1]!)} />;
  if (path === `${BASE}/overview` || path === BASE || path === `${BASE}/login`) return <Overview {...props} />;
  if (path === `${BASE}/transactions`) return <Transactions {...props} />;
  if (path === `${BASE}/keys`) return <Keys {...props} />;
  if (path === `${BASE}/users`) return <Users {...props} />;
  if (path === `${BASE}/notifications`) return <Notifications {...props} />;
  if (path === `${BASE}/withdrawals` || path === `${BASE}/apm-payments`) return <Withdrawals {...props} />;
  if (path === `${BASE}/payment-options`) return <PaymentOptions {...props} />;
  if (path === `${BASE}/sites`) return <Sites {...props} />;
  if (path === `${BASE}/platform`) return <PlatformPage {...props} />;
  if (path === `${BASE}/audit`) return <Audit {...props} />;
  return (
    <>
      <PageHeading title={t('notFound.title')} merchant={props.me.user.merchantName} />
      <p>
        <a href={`${BASE}/transactions`}>{t('notFound.back')}</a>
      </p>
    </>
  );
}
