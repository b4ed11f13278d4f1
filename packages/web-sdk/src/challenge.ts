import { isMessage } from '@gatehouse/protocol';

/**
 * The 3-D Secure challenge on the merchant page (docs/decisions/0403, 0423): a modal dialog holding an
 * iframe of the issuer's (ACS) page. It resolves `done` when the completion page inside the frame (the
 * challenge's notificationURL, on the gateway origin) posts `challenge-complete`, and `cancelled` when
 * the cardholder closes the modal (its button, or Escape).
 *
 * A dialog as the WAI-ARIA practices describe it: it takes the focus when it opens, keeps it (the rest
 * of the page is inert meanwhile, and Tab wraps around its own elements), and gives it back to the
 * element that had it when it closes. Its texts follow the shopper's language (`lang`, else the page's).
 */

const TEXTS: Record<string, { title: string; cancel: string }> = {
  en: { title: 'Card verification', cancel: 'Cancel verification' },
  de: { title: 'Kartenprüfung', cancel: 'Prüfung abbrechen' },
  es: { title: 'Verificación de la tarjeta', cancel: 'Cancelar la verificación' },
  fr: { title: 'Vérification de la carte', cancel: 'Annuler la vérification' },
  it: { title: 'Verifica della carta', cancel: 'Annulla la verifica' },
  pl: { title: 'Weryfikacja karty', cancel: 'Anuluj weryfikację' },
  pt: { title: 'Verificação do cartão', cancel: 'Cancelar a verificação' },
  ru: { title: 'Проверка карты', cancel: 'Отменить проверку' },
  he: { title: 'אימות כרטיס', cancel: 'ביטול האימות' },
};

/** The dialog's texts in `lang` (a BCP 47 tag; its language part), English when it has none. */
export function challengeTexts(lang: string | undefined): { title: string; cancel: string } {
  const base = (lang ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return TEXTS[base] ?? TEXTS.en!;
}

/** Gatehouse's own challenge page learns the language with `?lang=` (another issuer's URL is left as is). */
function withLang(acsUrl: string, gatewayOrigin: string, lang: string): string {
  try {
    const url = new URL(acsUrl, gatewayOrigin);
    if (url.origin !== gatewayOrigin) return acsUrl;
    url.searchParams.set('lang', lang.slice(0, 2).toLowerCase());
    return url.toString();
  } catch {
    return acsUrl;
  }
}

export function openChallengeModal(
  gatewayOrigin: string,
  acsUrl: string,
  lang?: string,
): Promise<'done' | 'cancelled'> {
  return new Promise((resolve) => {
    const language = lang || document.documentElement.lang || 'en';
    const text = challengeTexts(language);
    const rtl = /^(he|ar|fa|ur)\b/i.test(language) || document.documentElement.dir === 'rtl';
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    const overlay = document.createElement('div');
    overlay.setAttribute('data-gatehouse-challenge', '');
    Object.assign(overlay.style, {
      position: 'fixed',
      inset: '0',
      background: 'rgba(0,0,0,.55)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      zIndex: '2147483647',
    });
    const box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'gatehouse-challenge-title');
    box.lang = language;
    box.dir = rtl ? 'rtl' : 'ltr';
    box.tabIndex = -1;
    Object.assign(box.style, {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      background: '#fff',
      color: '#1f2933',
      borderRadius: '8px',
      width: 'min(420px, 94vw)',
      height: 'min(600px, 92vh)',
      overflow: 'hidden',
      outline: 'none',
      font: '15px system-ui,-apple-system,"Segoe UI",sans-serif',
    });
    const head = document.createElement('div');
    Object.assign(head.style, {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '8px',
      padding: '6px 8px 6px 14px',
      borderBottom: '1px solid #d8dee4',
    });
    const title = document.createElement('h2');
    title.id = 'gatehouse-challenge-title';
    title.textContent = text.title;
    Object.assign(title.style, { margin: '0', fontSize: '16px', fontWeight: '600' });
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', text.cancel);
    close.title = text.cancel;
    Object.assign(close.style, {
      minWidth: '40px',
      minHeight: '40px',
      border: '0',
      borderRadius: '6px',
      background: 'transparent',
      color: 'inherit',
      fontSize: '24px',
      lineHeight: '1',
      cursor: 'pointer',
    });
    head.append(title, close);
    const frame = document.createElement('iframe');
    frame.title = text.title;
    frame.src = withLang(acsUrl, gatewayOrigin, language);
    frame.setAttribute('allow', 'payment');
    Object.assign(frame.style, { border: '0', width: '100%', flex: '1 1 auto' });
    // Tab past the last element (or Shift+Tab before the first) lands on a sentinel that wraps around
    const sentinel = (to: (from: EventTarget | null) => HTMLElement) => {
      const s = document.createElement('span');
      s.tabIndex = 0;
      s.setAttribute('data-gatehouse-focus-wrap', '');
      s.addEventListener('focus', (e) => to(e.relatedTarget).focus());
      return s;
    };
    // from the dialog itself (as it opens) Tab goes on to its first element, else back to its last
    box.append(
      sentinel((from) => (from === box ? close : frame)),
      head,
      frame,
      sentinel(() => close),
    );
    overlay.append(box);

    // the page behind the dialog: out of reach of the keyboard and of screen readers meanwhile
    const made: HTMLElement[] = [];
    for (const el of Array.from(document.body.children)) {
      if (el instanceof HTMLElement && !el.inert && el.tagName !== 'SCRIPT') {
        el.inert = true;
        made.push(el);
      }
    }

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        finish('cancelled');
      }
    };
    const finish = (outcome: 'done' | 'cancelled') => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey, true);
      for (const el of made) el.inert = false;
      overlay.remove();
      if (returnTo?.isConnected) returnTo.focus();
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== gatewayOrigin || event.source !== frame.contentWindow) return;
      if (isMessage(event.data) && event.data.kind === 'challenge-complete') finish('done');
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey, true);
    close.addEventListener('click', () => finish('cancelled'));
    document.body.append(overlay);
    box.focus();
  });
}
