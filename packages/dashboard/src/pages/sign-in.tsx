import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, type Me } from '../api.js';
import { t } from '../i18n.js';
import { LocalePicker } from '../locale-picker.js';
import { FormField } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { Spinner } from '../../../web-sdk/src/ui/components/Spinner/Spinner.js';

/**
 * The sign-in form, shown at whatever URL was asked while no session is live. A refusal is shown in an
 * alert region (the same words for an unknown e-mail and a wrong password, as the server answers); after
 * too many attempts, the wait the server asks for. Nothing else of the panel shows, not even its nav.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = t('doc.title', { page: t('signIn.title') });
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    if (!email || !password) {
      setError(t('signIn.missing'));
      (email ? null : emailRef.current)?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      const me = await api<Me>('POST', '/session', { email, password });
      onSignedIn(me);
    } catch (err) {
      setBusy(false);
      setPassword('');
      if (err instanceof ApiError && err.status === 429)
        setError(
          err.retryAfter
            ? t('signIn.tooManyWait', { minutes: Math.max(1, Math.ceil(err.retryAfter / 60)) })
            : t('signIn.tooMany'),
        );
      else if (err instanceof ApiError && err.status === 401) setError(t('signIn.invalid'));
      else setError(t('error.generic'));
    }
  };

  return (
    <div class="dash gh-theme">
      <main class="dash-main">
        <div class="dash-login">
          <p class="dash-brand">{t('brand')}</p>
          <h1>{t('signIn.title')}</h1>
          <form onSubmit={(e) => void submit(e)} noValidate aria-describedby="sign-in-error">
            <FormField id="sign-in-email" label={t('signIn.email')}>
              <input
                ref={emailRef}
                id="sign-in-email"
                class="dash-input"
                type="email"
                name="email"
                autocomplete="username"
                required
                value={email}
                onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
              />
            </FormField>
            <FormField id="sign-in-password" label={t('signIn.password')}>
              <input
                id="sign-in-password"
                class="dash-input"
                type="password"
                name="password"
                autocomplete="current-password"
                required
                value={password}
                onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
              />
            </FormField>
            <div class="dash-alert" id="sign-in-error" role="alert">
              {error}
            </div>
            <button type="submit" class="dash-btn primary" aria-disabled={busy ? 'true' : undefined}>
              {busy ? <Spinner label={t('signIn.busy')} /> : null}
              {t('signIn.submit')}
            </button>
          </form>
          <LocalePicker id="sign-in-locale" />
        </div>
      </main>
    </div>
  );
}
