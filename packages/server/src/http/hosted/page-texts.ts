import { formatDecimal } from '../../lib/money.js';

/**
 * The texts of the pages Gatehouse renders itself (the sandbox ACS, the simulated APM provider, the
 * 3-D Secure completion and account capture pages), in the checkout's languages and Hebrew
 * (docs/decisions/0450). Every language has every key: `page-texts.test.ts` fails on a missing one.
 * `{name}` marks a value put in at render time.
 */

export const PAGE_LANGS = ['en', 'de', 'es', 'fr', 'it', 'pl', 'pt', 'ru', 'he'] as const;
export type PageLang = (typeof PAGE_LANGS)[number];

const en = {
  acsHeading: 'Verify your payment',
  amount: 'Amount',
  card: 'Card',
  code: 'One-time code',
  acsHint: 'Sandbox: any code completes the authentication; “Fail authentication” fails it.',
  submit: 'Submit',
  failAuth: 'Fail authentication',
  authCompleted: 'Authentication completed',
  authFailed: 'Authentication failed',
  returning: 'Returning to the merchant…',
  acsUnknown: 'Unknown authentication',
  acsClosed: 'This authentication is closed',
  methodCollected: '3-D Secure method data collected.',
  acsFinished: 'Authentication finished. You can close this window and return to the shop.',
  verificationComplete: 'Verification complete. Returning to the payment…',
  continue: 'Continue',
  apmTitle: 'Alternative payment',
  apmHeading: 'Pay with {method}',
  transaction: 'Transaction',
  status: 'Status',
  apmSandboxHint: 'Sandbox: choose how the payment provider answers.',
  apmProductionHint: 'The payment provider confirms this payment; you will be told of the outcome.',
  approve: 'Approve',
  decline: 'Decline',
  pending: 'Pending',
  apmUnknown: 'Unknown payment',
  apmInvalid: 'Choose Approve, Decline or Pending',
  apmNotAllowed: 'The payment provider confirms this payment',
  resultApproved: 'Payment approved',
  resultPending: 'Payment pending',
  resultFailed: 'Payment not completed',
  closeWindow: 'You may close this window.',
  captureTitle: 'Bank account',
  captureSave: 'Save account',
  captureSaved: 'Account saved',
  captureExpired: 'This link has expired',
};

export type PageTextKey = keyof typeof en;
export type PageTexts = Record<PageTextKey, string>;

export const PAGE_TEXTS: Record<PageLang, PageTexts> = {
  en,
  de: {
    acsHeading: 'Bestätigen Sie Ihre Zahlung',
    amount: 'Betrag',
    card: 'Karte',
    code: 'Einmalcode',
    acsHint: 'Sandbox: Jeder Code schließt die Prüfung ab; „Prüfung fehlschlagen lassen“ lässt sie scheitern.',
    submit: 'Bestätigen',
    failAuth: 'Prüfung fehlschlagen lassen',
    authCompleted: 'Prüfung abgeschlossen',
    authFailed: 'Prüfung fehlgeschlagen',
    returning: 'Zurück zum Händler…',
    acsUnknown: 'Unbekannte Prüfung',
    acsClosed: 'Diese Prüfung ist abgeschlossen',
    methodCollected: '3-D-Secure-Methodendaten erfasst.',
    acsFinished: 'Prüfung beendet. Sie können dieses Fenster schließen und zum Shop zurückkehren.',
    verificationComplete: 'Prüfung abgeschlossen. Zurück zur Zahlung…',
    continue: 'Weiter',
    apmTitle: 'Alternative Zahlung',
    apmHeading: 'Mit {method} bezahlen',
    transaction: 'Transaktion',
    status: 'Status',
    apmSandboxHint: 'Sandbox: Wählen Sie, wie der Zahlungsanbieter antwortet.',
    apmProductionHint: 'Der Zahlungsanbieter bestätigt diese Zahlung; Sie erfahren das Ergebnis.',
    approve: 'Genehmigen',
    decline: 'Ablehnen',
    pending: 'Ausstehend',
    apmUnknown: 'Unbekannte Zahlung',
    apmInvalid: 'Wählen Sie Genehmigen, Ablehnen oder Ausstehend',
    apmNotAllowed: 'Der Zahlungsanbieter bestätigt diese Zahlung',
    resultApproved: 'Zahlung genehmigt',
    resultPending: 'Zahlung ausstehend',
    resultFailed: 'Zahlung nicht abgeschlossen',
    closeWindow: 'Sie können dieses Fenster schließen.',
    captureTitle: 'Bankkonto',
    captureSave: 'Konto speichern',
    captureSaved: 'Konto gespeichert',
    captureExpired: 'Dieser Link ist abgelaufen',
  },
  es: {
    acsHeading: 'Verifique su pago',
    amount: 'Importe',
    card: 'Tarjeta',
    code: 'Código de un solo uso',
    acsHint: 'Sandbox: cualquier código completa la autenticación; «Hacer fallar la autenticación» la hace fallar.',
    submit: 'Enviar',
    failAuth: 'Hacer fallar la autenticación',
    authCompleted: 'Autenticación completada',
    authFailed: 'Autenticación fallida',
    returning: 'Volviendo al comercio…',
    acsUnknown: 'Autenticación desconocida',
    acsClosed: 'Esta autenticación está cerrada',
    methodCollected: 'Datos del método 3-D Secure recopilados.',
    acsFinished: 'Autenticación terminada. Puede cerrar esta ventana y volver a la tienda.',
    verificationComplete: 'Verificación completada. Volviendo al pago…',
    continue: 'Continuar',
    apmTitle: 'Pago alternativo',
    apmHeading: 'Pagar con {method}',
    transaction: 'Transacción',
    status: 'Estado',
    apmSandboxHint: 'Sandbox: elija cómo responde el proveedor de pago.',
    apmProductionHint: 'El proveedor de pago confirma este pago; se le informará del resultado.',
    approve: 'Aprobar',
    decline: 'Rechazar',
    pending: 'Pendiente',
    apmUnknown: 'Pago desconocido',
    apmInvalid: 'Elija Aprobar, Rechazar o Pendiente',
    apmNotAllowed: 'El proveedor de pago confirma este pago',
    resultApproved: 'Pago aprobado',
    resultPending: 'Pago pendiente',
    resultFailed: 'Pago no completado',
    closeWindow: 'Puede cerrar esta ventana.',
    captureTitle: 'Cuenta bancaria',
    captureSave: 'Guardar cuenta',
    captureSaved: 'Cuenta guardada',
    captureExpired: 'Este enlace ha caducado',
  },
  fr: {
    acsHeading: 'Vérifiez votre paiement',
    amount: 'Montant',
    card: 'Carte',
    code: 'Code à usage unique',
    acsHint: 'Sandbox : tout code valide l’authentification ; « Faire échouer l’authentification » la fait échouer.',
    submit: 'Valider',
    failAuth: 'Faire échouer l’authentification',
    authCompleted: 'Authentification réussie',
    authFailed: 'Échec de l’authentification',
    returning: 'Retour chez le marchand…',
    acsUnknown: 'Authentification inconnue',
    acsClosed: 'Cette authentification est close',
    methodCollected: 'Données de méthode 3-D Secure collectées.',
    acsFinished: 'Authentification terminée. Vous pouvez fermer cette fenêtre et revenir à la boutique.',
    verificationComplete: 'Vérification terminée. Retour au paiement…',
    continue: 'Continuer',
    apmTitle: 'Paiement alternatif',
    apmHeading: 'Payer avec {method}',
    transaction: 'Transaction',
    status: 'Statut',
    apmSandboxHint: 'Sandbox : choisissez la réponse du prestataire de paiement.',
    apmProductionHint: 'Le prestataire de paiement confirme ce paiement ; vous serez informé du résultat.',
    approve: 'Accepter',
    decline: 'Refuser',
    pending: 'En attente',
    apmUnknown: 'Paiement inconnu',
    apmInvalid: 'Choisissez Accepter, Refuser ou En attente',
    apmNotAllowed: 'Le prestataire de paiement confirme ce paiement',
    resultApproved: 'Paiement accepté',
    resultPending: 'Paiement en attente',
    resultFailed: 'Paiement non abouti',
    closeWindow: 'Vous pouvez fermer cette fenêtre.',
    captureTitle: 'Compte bancaire',
    captureSave: 'Enregistrer le compte',
    captureSaved: 'Compte enregistré',
    captureExpired: 'Ce lien a expiré',
  },
  it: {
    acsHeading: 'Verifica il pagamento',
    amount: 'Importo',
    card: 'Carta',
    code: 'Codice monouso',
    acsHint: 'Sandbox: qualsiasi codice completa l’autenticazione; «Fai fallire l’autenticazione» la fa fallire.',
    submit: 'Invia',
    failAuth: 'Fai fallire l’autenticazione',
    authCompleted: 'Autenticazione completata',
    authFailed: 'Autenticazione non riuscita',
    returning: 'Ritorno al negozio…',
    acsUnknown: 'Autenticazione sconosciuta',
    acsClosed: 'Questa autenticazione è chiusa',
    methodCollected: 'Dati del metodo 3-D Secure raccolti.',
    acsFinished: 'Autenticazione terminata. Puoi chiudere questa finestra e tornare al negozio.',
    verificationComplete: 'Verifica completata. Ritorno al pagamento…',
    continue: 'Continua',
    apmTitle: 'Pagamento alternativo',
    apmHeading: 'Paga con {method}',
    transaction: 'Transazione',
    status: 'Stato',
    apmSandboxHint: 'Sandbox: scegli come risponde il fornitore di pagamento.',
    apmProductionHint: 'Il fornitore di pagamento conferma questo pagamento; riceverai l’esito.',
    approve: 'Approva',
    decline: 'Rifiuta',
    pending: 'In sospeso',
    apmUnknown: 'Pagamento sconosciuto',
    apmInvalid: 'Scegli Approva, Rifiuta o In sospeso',
    apmNotAllowed: 'Il fornitore di pagamento conferma questo pagamento',
    resultApproved: 'Pagamento approvato',
    resultPending: 'Pagamento in sospeso',
    resultFailed: 'Pagamento non completato',
    closeWindow: 'Puoi chiudere questa finestra.',
    captureTitle: 'Conto bancario',
    captureSave: 'Salva conto',
    captureSaved: 'Conto salvato',
    captureExpired: 'Questo link è scaduto',
  },
  pl: {
    acsHeading: 'Potwierdź płatność',
    amount: 'Kwota',
    card: 'Karta',
    code: 'Kod jednorazowy',
    acsHint: 'Sandbox: każdy kod kończy uwierzytelnianie; „Odrzuć uwierzytelnianie” je odrzuca.',
    submit: 'Zatwierdź',
    failAuth: 'Odrzuć uwierzytelnianie',
    authCompleted: 'Uwierzytelnianie zakończone',
    authFailed: 'Uwierzytelnianie nieudane',
    returning: 'Powrót do sklepu…',
    acsUnknown: 'Nieznane uwierzytelnianie',
    acsClosed: 'To uwierzytelnianie jest zamknięte',
    methodCollected: 'Zebrano dane metody 3-D Secure.',
    acsFinished: 'Uwierzytelnianie zakończone. Możesz zamknąć to okno i wrócić do sklepu.',
    verificationComplete: 'Weryfikacja zakończona. Powrót do płatności…',
    continue: 'Dalej',
    apmTitle: 'Płatność alternatywna',
    apmHeading: 'Zapłać przez {method}',
    transaction: 'Transakcja',
    status: 'Status',
    apmSandboxHint: 'Sandbox: wybierz odpowiedź dostawcy płatności.',
    apmProductionHint: 'Dostawca płatności potwierdza tę płatność; otrzymasz informację o wyniku.',
    approve: 'Zaakceptuj',
    decline: 'Odrzuć',
    pending: 'Oczekuje',
    apmUnknown: 'Nieznana płatność',
    apmInvalid: 'Wybierz Zaakceptuj, Odrzuć lub Oczekuje',
    apmNotAllowed: 'Dostawca płatności potwierdza tę płatność',
    resultApproved: 'Płatność zaakceptowana',
    resultPending: 'Płatność oczekuje',
    resultFailed: 'Płatność nie została zrealizowana',
    closeWindow: 'Możesz zamknąć to okno.',
    captureTitle: 'Konto bankowe',
    captureSave: 'Zapisz konto',
    captureSaved: 'Konto zapisane',
    captureExpired: 'Ten link wygasł',
  },
  pt: {
    acsHeading: 'Verifique o seu pagamento',
    amount: 'Valor',
    card: 'Cartão',
    code: 'Código de uso único',
    acsHint: 'Sandbox: qualquer código conclui a autenticação; «Fazer falhar a autenticação» fá-la falhar.',
    submit: 'Enviar',
    failAuth: 'Fazer falhar a autenticação',
    authCompleted: 'Autenticação concluída',
    authFailed: 'Autenticação falhada',
    returning: 'A regressar ao comerciante…',
    acsUnknown: 'Autenticação desconhecida',
    acsClosed: 'Esta autenticação está encerrada',
    methodCollected: 'Dados do método 3-D Secure recolhidos.',
    acsFinished: 'Autenticação terminada. Pode fechar esta janela e regressar à loja.',
    verificationComplete: 'Verificação concluída. A regressar ao pagamento…',
    continue: 'Continuar',
    apmTitle: 'Pagamento alternativo',
    apmHeading: 'Pagar com {method}',
    transaction: 'Transação',
    status: 'Estado',
    apmSandboxHint: 'Sandbox: escolha como o prestador de pagamento responde.',
    apmProductionHint: 'O prestador de pagamento confirma este pagamento; será informado do resultado.',
    approve: 'Aprovar',
    decline: 'Recusar',
    pending: 'Pendente',
    apmUnknown: 'Pagamento desconhecido',
    apmInvalid: 'Escolha Aprovar, Recusar ou Pendente',
    apmNotAllowed: 'O prestador de pagamento confirma este pagamento',
    resultApproved: 'Pagamento aprovado',
    resultPending: 'Pagamento pendente',
    resultFailed: 'Pagamento não concluído',
    closeWindow: 'Pode fechar esta janela.',
    captureTitle: 'Conta bancária',
    captureSave: 'Guardar conta',
    captureSaved: 'Conta guardada',
    captureExpired: 'Esta ligação expirou',
  },
  ru: {
    acsHeading: 'Подтвердите платёж',
    amount: 'Сумма',
    card: 'Карта',
    code: 'Одноразовый код',
    acsHint: 'Песочница: любой код завершает проверку; «Провалить проверку» завершает её неудачей.',
    submit: 'Подтвердить',
    failAuth: 'Провалить проверку',
    authCompleted: 'Проверка пройдена',
    authFailed: 'Проверка не пройдена',
    returning: 'Возвращаемся в магазин…',
    acsUnknown: 'Неизвестная проверка',
    acsClosed: 'Эта проверка закрыта',
    methodCollected: 'Данные метода 3-D Secure собраны.',
    acsFinished: 'Проверка завершена. Можно закрыть это окно и вернуться в магазин.',
    verificationComplete: 'Проверка завершена. Возвращаемся к оплате…',
    continue: 'Продолжить',
    apmTitle: 'Альтернативная оплата',
    apmHeading: 'Оплата через {method}',
    transaction: 'Транзакция',
    status: 'Статус',
    apmSandboxHint: 'Песочница: выберите ответ платёжного провайдера.',
    apmProductionHint: 'Платёжный провайдер подтверждает этот платёж; вам сообщат о результате.',
    approve: 'Одобрить',
    decline: 'Отклонить',
    pending: 'В ожидании',
    apmUnknown: 'Неизвестный платёж',
    apmInvalid: 'Выберите «Одобрить», «Отклонить» или «В ожидании»',
    apmNotAllowed: 'Платёжный провайдер подтверждает этот платёж',
    resultApproved: 'Платёж одобрен',
    resultPending: 'Платёж в ожидании',
    resultFailed: 'Платёж не завершён',
    closeWindow: 'Можно закрыть это окно.',
    captureTitle: 'Банковский счёт',
    captureSave: 'Сохранить счёт',
    captureSaved: 'Счёт сохранён',
    captureExpired: 'Срок действия ссылки истёк',
  },
  he: {
    acsHeading: 'אמתו את התשלום',
    amount: 'סכום',
    card: 'כרטיס',
    code: 'קוד חד-פעמי',
    acsHint: 'ארגז חול: כל קוד משלים את האימות; „הכשלת האימות” מכשילה אותו.',
    submit: 'שליחה',
    failAuth: 'הכשלת האימות',
    authCompleted: 'האימות הושלם',
    authFailed: 'האימות נכשל',
    returning: 'חוזרים לחנות…',
    acsUnknown: 'אימות לא מוכר',
    acsClosed: 'האימות הזה סגור',
    methodCollected: 'נתוני שיטת 3-D Secure נאספו.',
    acsFinished: 'האימות הסתיים. אפשר לסגור את החלון ולחזור לחנות.',
    verificationComplete: 'האימות הושלם. חוזרים לתשלום…',
    continue: 'המשך',
    apmTitle: 'תשלום חלופי',
    apmHeading: 'תשלום באמצעות {method}',
    transaction: 'עסקה',
    status: 'סטטוס',
    apmSandboxHint: 'ארגז חול: בחרו כיצד ספק התשלום עונה.',
    apmProductionHint: 'ספק התשלום מאשר את התשלום; תקבלו הודעה על התוצאה.',
    approve: 'אישור',
    decline: 'דחייה',
    pending: 'בהמתנה',
    apmUnknown: 'תשלום לא מוכר',
    apmInvalid: 'בחרו אישור, דחייה או בהמתנה',
    apmNotAllowed: 'ספק התשלום מאשר את התשלום',
    resultApproved: 'התשלום אושר',
    resultPending: 'התשלום בהמתנה',
    resultFailed: 'התשלום לא הושלם',
    closeWindow: 'אפשר לסגור את החלון.',
    captureTitle: 'חשבון בנק',
    captureSave: 'שמירת החשבון',
    captureSaved: 'החשבון נשמר',
    captureExpired: 'תוקף הקישור פג',
  },
};

const RTL = new Set<PageLang>(['he']);
export const dirOf = (lang: PageLang): 'ltr' | 'rtl' => (RTL.has(lang) ? 'rtl' : 'ltr');

/** A language tag's language, when it is one of the pages' ("pt-BR" → pt, "de_AT" → de); else undefined. */
export function pageLangOf(tag: unknown): PageLang | undefined {
  if (typeof tag !== 'string') return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (PAGE_LANGS as readonly string[]).includes(base) ? (base as PageLang) : undefined;
}

/** The browser's languages from `Accept-Language`, most wanted first (q=0 left out). */
export function acceptedLanguages(header: unknown): string[] {
  if (typeof header !== 'string') return [];
  return header
    .slice(0, 512)
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag !== '' && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/**
 * The page's language (docs/decisions/0450): the first of `candidates` that is one of the pages'
 * (the `lang` query, which the Web SDK sets from the checkout's locale; the order's
 * `userDetails.language`), else the browser's `Accept-Language`, else English.
 */
export function pageLanguage(candidates: readonly unknown[], acceptLanguage?: unknown): PageLang {
  for (const c of candidates) {
    const lang = pageLangOf(c);
    if (lang) return lang;
  }
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const lang = pageLangOf(tag);
    if (lang) return lang;
  }
  return 'en';
}

/** The text of `key` in `lang`, `{name}` replaced by `values[name]` (values are HTML-escaped by the caller). */
export function pageText(lang: PageLang, key: PageTextKey, values: Record<string, string> = {}): string {
  return PAGE_TEXTS[lang][key].replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);
}

/**
 * An amount as the shopper reads it in `lang`, with the currency's ISO code: "1,234.50 EUR" (en),
 * "1.234,50 EUR" (de). The digits come from the minor units (never float arithmetic); Intl groups them.
 */
export function pageAmount(minor: number, currency: string, lang: PageLang): string {
  const decimal = formatDecimal(minor, currency);
  const [whole = '0', fraction] = decimal.replace('-', '').split('.');
  const sample = new Intl.NumberFormat(lang, { minimumFractionDigits: 1 }).formatToParts(1234567.5);
  const group = sample.find((p) => p.type === 'group')?.value ?? ',';
  const point = sample.find((p) => p.type === 'decimal')?.value ?? '.';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${decimal.startsWith('-') ? '-' : ''}${grouped}${fraction === undefined ? '' : point + fraction} ${currency}`;
}
