import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Me, onUnauthenticated, setCsrfToken } from './api.js';
import { BASE, navigate, useLocation } from './router.js';
import { onLocaleChange, t } from './i18n.js';
import { Layout } from './layout.js';
import { SignIn } from './pages/sign-in.js';
import { Skeleton } from '../../web-sdk/src/ui/components/Spinner/Spinner.js';

/**
 * The panel: asks GET /me once on load; without a live session it shows the sign-in form at whatever
 * URL was asked, and after signing in shows that URL's page (the overview for /dashboard and
 * /dashboard/login). A 401 from any later call (the session expired or was revoked) brings the form
 * back, at the same URL.
 */
export function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [failed, setFailed] = useState('');
  const loc = useLocation();
  // a change of language re-renders the whole panel in place: texts, dates and amounts are read at render
  const [, setLocale] = useState('');
  useEffect(() => onLocaleChange(setLocale), []);

  useEffect(() => {
    onUnauthenticated(() => {
      setCsrfToken(null);
      setMe(null);
    });
    api<Me>('GET', '/me').then(
      (m) => {
        setCsrfToken(m.csrfToken);
        setMe(m);
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 401) setMe(null);
        else setFailed(err instanceof Error ? err.message : String(err));
      },
    );
  }, []);

  // /dashboard and /dashboard/login lead to the overview once signed in
  useEffect(() => {
    if (me && (loc.path === BASE || loc.path === `${BASE}/login`)) navigate(`${BASE}/overview`, { replace: true });
  }, [me, loc.path]);

  const signedIn = (m: Me) => {
    setCsrfToken(m.csrfToken);
    setMe(m);
  };
  const signOut = async () => {
    try {
      await api('DELETE', '/session');
    } finally {
      setCsrfToken(null);
      setMe(null);
      navigate(`${BASE}/login`);
    }
  };

  if (failed)
    return (
      <div class="dash gh-theme">
        <main class="dash-main">
          <h1>{t('app.unavailable')}</h1>
          <p role="alert">{failed}</p>
        </main>
      </div>
    );
  if (me === undefined)
    return (
      <div class="dash gh-theme">
        <main class="dash-main" aria-busy="true">
          <Skeleton height={200} label={t('loading')} />
        </main>
      </div>
    );
  if (me === null) return <SignIn onSignedIn={signedIn} />;
  return <Layout me={me} loc={loc} onSignOut={() => void signOut()} />;
}
