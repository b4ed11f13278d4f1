import { brandOf, type ClientTransport, digitsOf, isBlocked, payWithCard, pick, resultOf } from '@gatehouse/protocol';
import { openChallengeModal } from './challenge.js';
import type { FieldsOptions } from './field-options.js';
import { fieldsOf, HostedFields } from './fields.js';
import { createLogger, levelOf, type Logger } from './log.js';
import {
  sdkError,
  type SdkError,
  validateAccountCapture,
  validateAddApmUpo,
  validateAddCardUpo,
  validateCreatePayment,
  validateDccDetails,
  validateGetApms,
  validateGetCardDetails,
  validateGetToken,
  validateInit,
  validateSetOpenAmount,
  validateWalletPayment,
} from './validation.js';

/**
 * `ServiceSdk(params)`: the Web SDK of docs/web-sdk.md. Every function validates its input first (an invalid
 * input answers an error result and makes no call), then calls the client API directly or, for card
 * data, asks the hosted field frame to (the frame holds the card; this page never sees it).
 * Callbacks receive the result; every function also returns a promise of the same result.
 */

type Result = Record<string, unknown>;
type Callback = (result: Result) => void;

export interface SdkEnv {
  gatewayOrigin: string;
  transport: ClientTransport;
  now: () => number;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const PAYMENT_PASS = [
  'sessionToken',
  'cardHolderName',
  'billingAddress',
  'clientUniqueId',
  'savePM',
  'selectedBrand',
  'amount',
  'currency',
  'currencyConversion',
  'alwaysCollectCvv',
  'userDetails',
  'shippingAddress',
  'merchantDetails',
  'urlDetails',
];

export function createServiceSdk(params: unknown, env: SdkEnv) {
  const init = isObj(params) ? params : {};
  const initError = validateInit(params);
  const log: Logger = createLogger(levelOf(init.logLevel));
  if (initError) log.error('ServiceSdk:', initError.errorDescription);
  const sessionToken = String(init.sessionToken ?? '');
  const identity = { sessionToken, merchantId: init.merchantId, merchantSiteId: init.merchantSiteId };
  const groups: HostedFields[] = [];
  const merchantOrigin = window.location.origin;
  const onPaymentEvent =
    typeof init.onPaymentEvent === 'function' ? (init.onPaymentEvent as (e: unknown) => void) : undefined;
  const event = (type: string, data: Record<string, unknown> = {}) => {
    try {
      onPaymentEvent?.({ type, ...data });
    } catch (err) {
      log.error('onPaymentEvent failed', err);
    }
  };
  const openChallenge = (acsUrl: string) => {
    event('challengeOpened');
    // the dialog speaks the checkout's language (`locale`), else the page's (docs/decisions/0423)
    const lang = typeof init.locale === 'string' ? init.locale : undefined;
    return openChallengeModal(env.gatewayOrigin, acsUrl, lang).then((outcome) => {
      event(outcome === 'done' ? 'challengeCompleted' : 'challengeCancelled');
      return outcome;
    });
  };
  const fieldConfig = {
    blockPasteCard: init.blockPasteCard === true,
    support19Digits: init.support19Digits === true,
    cvvIcon: (init.cvvIcon ?? false) as boolean | { backgroundImage?: string; tooltipPosition?: 'top' | 'bottom' },
    blockCards: Array.isArray(init.blockCards) ? (init.blockCards as string[][]) : [],
    strictCardBlocking: init.strictCardBlocking === true,
    sessionToken,
    logLevel: levelOf(init.logLevel),
  };
  const notificationURL = `${env.gatewayOrigin}/hosted/v1/three-d/complete?mo=${encodeURIComponent(merchantOrigin)}`;

  /** Runs `work` unless init or `check` failed; delivers the result to the callback and the promise. */
  async function run(
    name: string,
    check: SdkError | undefined,
    callback: unknown,
    work: () => Promise<Result>,
  ): Promise<Result> {
    let result: Result;
    const error = initError ?? check;
    if (error) {
      log.warn(`${name}:`, error.errorDescription);
      result = { ...error };
    } else {
      log.debug(`${name}: calling`);
      try {
        result = await work();
      } catch (err) {
        log.error(`${name} failed`, err);
        result = sdkError(1000, 'General error');
      }
      log.info(`${name}:`, result.result ?? result.status);
    }
    if (typeof callback === 'function') {
      try {
        (callback as Callback)(result);
      } catch (err) {
        log.error(`${name} callback failed`, err);
      }
    }
    return result;
  }

  const call = async (method: string, body: Record<string, unknown>): Promise<Result> =>
    resultOf(await env.transport(method, body));
  const fieldsInUse = () => [...groups].reverse().find((g) => g.primary());
  const noFields = () => sdkError(1004, 'No hosted card fields: create and attach them first');

  /**
   * An APM that awaits the shopper (result PENDING with a redirectUrl), opened as `apmWindowType` says:
   * popup (default) or newTab — the SDK then polls the session's payment until it is decided or the
   * window is closed; redirect — the page goes there (the merchant's urlDetails bring the shopper
   * back); customRedirect — the result is handed to the merchant with the redirectUrl.
   */
  async function openApm(answer: Result, windowType: string): Promise<Result> {
    const url = typeof answer.redirectUrl === 'string' ? answer.redirectUrl : undefined;
    if (answer.result !== 'PENDING' || !url) return answer;
    event('apmRedirect', { apmWindowType: windowType });
    if (windowType === 'customRedirect') return answer;
    if (windowType === 'redirect') {
      window.setTimeout(() => window.location.assign(url), 0);
      return answer;
    }
    const win = window.open(url, '_blank', windowType === 'popup' ? 'popup,width=520,height=680' : undefined);
    if (!win)
      return {
        ...answer,
        result: 'ERROR',
        errCode: 1000,
        errorDescription: 'The payment window was blocked by the browser',
      };
    for (;;) {
      await new Promise((resolve) => window.setTimeout(resolve, 1000));
      const closed = win.closed;
      const now = await call('getPaymentStatus', { sessionToken });
      // decided, or answered "pending" by the shopper (no longer awaiting them: no redirectUrl)
      if (now.result !== 'PENDING' || now.transactionId !== answer.transactionId || now.redirectUrl === undefined) {
        if (!win.closed) win.close();
        return now;
      }
      if (closed) return { ...now, cancelled: true };
    }
  }

  const sdk = {
    /** `held` (not documented: the checkout's own use) waits for `configure()` (HostedFields) */
    fields(options: FieldsOptions = {}, held = false): HostedFields {
      const group = new HostedFields(
        { gatewayOrigin: env.gatewayOrigin, merchantOrigin, config: fieldConfig, log, openChallenge },
        isObj(options) ? options : {},
        held === true,
      );
      groups.push(group);
      return group;
    },

    createPayment(p: Record<string, unknown>, callback?: Callback): Promise<Result> {
      const check = validateCreatePayment(p, (v) => fieldsOf(v) !== undefined, env.now());
      return run('createPayment', check, callback, async () => {
        event('paymentStarted');
        const base = pick(p, PAYMENT_PASS);
        const group = fieldsOf(p.paymentOption);
        let result: Result;
        if (group) {
          const primary = group.primary();
          if (!primary) return sdkError(1004, 'The hosted fields have no card number field');
          result = await primary.request('pay', { ...base, notificationURL });
        } else {
          const option = p.paymentOption as Record<string, unknown>;
          if (isObj(option.card)) {
            const card = option.card as Record<string, string>;
            const brand = brandOf(digitsOf(card.cardNumber ?? ''));
            if (brand && isBlocked(fieldConfig.blockCards, { brand: brand.id }))
              return sdkError(1004, 'This card brand is not accepted');
            result = await payWithCard(env.transport, base, card as never, notificationURL, openChallenge);
          } else if (option.alternativePaymentMethod !== undefined) {
            const answer = await call('createPayment', {
              ...base,
              apmWindowType: p.apmWindowType ?? 'popup',
              paymentOption: option,
            });
            result = await openApm(answer, String(p.apmWindowType ?? 'popup'));
          } else if (option.subMethod !== undefined) {
            result = sdkError(1068, 'Payment method not enabled');
          } else {
            const upo: Record<string, unknown> = { userPaymentOptionId: String(option.userPaymentOptionId) };
            if (option.CVV !== undefined || option.expirationMonth !== undefined) {
              upo.card = pick(option, ['CVV', 'expirationMonth', 'expirationYear']);
            }
            // a stored APM account may need the shopper too
            result = await openApm(
              await call('createPayment', { ...base, paymentOption: upo }),
              String(p.apmWindowType ?? 'popup'),
            );
          }
        }
        event('paymentResult', { result: result.result });
        return result;
      });
    },

    getApms(p: Record<string, unknown> | undefined, callback?: Callback): Promise<Result> {
      return run('getApms', validateGetApms(p), callback, () => call('getApms', { sessionToken, ...(p ?? {}) }));
    },

    getCardDetails(p: Record<string, unknown>, callback?: Callback): Promise<Result> {
      const full = isObj(p) ? { ...identity, ...p } : p;
      return run('getCardDetails', validateGetCardDetails(full), callback, async () => {
        const q = full as Record<string, unknown>;
        if (q.useFields === true) {
          const group = fieldsInUse();
          return group ? group.primary()!.request('cardDetails', { sessionToken: q.sessionToken }) : noFields();
        }
        return call('getCardDetails', pick(q, ['sessionToken', 'cardNumber', 'clientRequestId', 'clientUniqueId']));
      });
    },

    clientGetDccDetails(p: Record<string, unknown>, callback?: Callback): Promise<Result> {
      const full = isObj(p) ? { ...identity, ...p } : p;
      return run('clientGetDccDetails', validateDccDetails(full), callback, async () => {
        const q = full as Record<string, unknown>;
        const body = pick(q, [
          'sessionToken',
          'clientUniqueId',
          'clientRequestId',
          'apm',
          'cardNumber',
          q.currency !== undefined ? 'currency' : 'country',
        ]);
        if (q.useFields === true) {
          const group = fieldsInUse();
          return group ? group.primary()!.request('dcc', body) : noFields();
        }
        return call('getDccDetails', body);
      });
    },

    accountCapture(p: Record<string, unknown>, callback?: Callback): Promise<Result> {
      const full = isObj(p) ? { ...identity, ...p } : p;
      return run('accountCapture', validateAccountCapture(full), callback, async () => {
        const result = await call('accountCapture', full as Record<string, unknown>);
        if (init.showAccountCapture === true && typeof result.redirectUrl === 'string')
          window.open(result.redirectUrl, '_blank', 'popup,width=520,height=680');
        return result;
      });
    },

    setOpenAmount(p: Record<string, unknown>, callback?: Callback): Promise<Result> {
      return run('setOpenAmount', validateSetOpenAmount(p), callback, () =>
        call('setOpenAmount', { sessionToken, ...p }),
      );
    },

    getUserUPOs(callback?: Callback): Promise<Result> {
      return run('getUserUPOs', undefined, callback, () => call('getUserUPOs', { sessionToken }));
    },

    getToken(cardFields: unknown, p: Record<string, unknown>): Promise<Result> {
      const group = fieldsOf(cardFields);
      const full = isObj(p) ? { sessionToken, ...p } : p;
      return run('getToken', validateGetToken(group !== undefined, full), undefined, async () => {
        const primary = group!.primary();
        if (!primary) return sdkError(1004, 'The hosted fields have no card number field');
        return primary.request(
          'tokenize',
          pick(full as Record<string, unknown>, ['sessionToken', 'cardHolderName', 'billingAddress']),
        );
      });
    },

    addApmUpo(p: Record<string, unknown>, callback?: Callback): Promise<Result> {
      return run('addApmUpo', validateAddApmUpo(p), callback, async () => {
        const r = await call('addApmUpo', { sessionToken, ...p });
        return r.result === 'ERROR' ? { ...r, cancelled: false } : r;
      });
    },

    addCardUpo(p: Record<string, unknown>, callback?: Callback): Promise<Result> {
      return run('addCardUpo', validateAddCardUpo(p, env.now()), callback, async () => {
        if (p.useFields === true) {
          const group = fieldsInUse();
          return group
            ? group.primary()!.request('addCardUpo', { sessionToken, ...pick(p, ['billingAddress']) })
            : noFields();
        }
        const year = String(p.expYear);
        const card = {
          cardNumber: digitsOf(String(p.cardNumber)),
          cardHolderName: String(p.cardHolderName ?? ''),
          expirationMonth: String(p.expMonth),
          expirationYear: year.length === 2 ? String(2000 + Number(year)) : year,
        };
        return call('addCardUpo', { sessionToken, card, ...pick(p, ['billingAddress']) });
      });
    },

    createWalletPayment(p: Record<string, unknown>, callback?: Callback): Promise<Result> {
      const full = isObj(p) ? { ...identity, ...p } : p;
      return run('createWalletPayment', validateWalletPayment(full), callback, () =>
        call('createWalletPayment', full as Record<string, unknown>),
      );
    },

    /** Removes every hosted field this SDK created (and the card data they held). */
    destroy(): void {
      for (const g of groups.splice(0)) g.destroy();
    },
  };
  return sdk;
}
