import type { Obj } from '../rules.js';
import type { Appearance } from '../ui/theme.js';

/**
 * The names `withdrawal(params)` knows (locales, themes, callbacks, response states) and the options
 * the component runs on: no rules here, so the bundle (normalise.ts) does not carry websdk.js's checks.
 */

export const WD_LOCALES = ['de', 'en', 'es', 'fr', 'it', 'pl', 'pt', 'ru', 'he'] as const;
export type WdLocale = (typeof WD_LOCALES)[number];
/** horizontal (the default) and tiles, and the checkout's other two layouts (docs/decisions/0520) */
export const WD_THEMES = ['horizontal', 'tiles', 'accordion', 'cashier'] as const;
export type WdTheme = (typeof WD_THEMES)[number];
export const WD_CALLBACKS = ['onResult', 'onReady', 'onSuggestedAmount', 'wdRequestCanceled'] as const;
export type WdCallbackName = (typeof WD_CALLBACKS)[number];
export const RESPONSE_STATES = ['pending', 'decline', 'success', 'expired'] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Fn = (...args: any[]) => any;

export interface WithdrawalOptions {
  sessionToken: string;
  merchantId: string;
  merchantSiteId: string;
  /** the amount offered, a decimal string ("20.00") */
  amount: string;
  currency: string;
  renderTo: string;
  country: string;
  userId: string;
  /** the user whose saved methods and requests are listed: userTokenId, else userId (docs/decisions/0520) */
  userTokenId: string;
  clientUniqueId?: string;
  merchantWDRequestId?: string;
  merchantUniqueId?: string;
  userAccountId?: string;
  userDetails?: Obj;
  locale: WdLocale;
  i18n: Record<string, string>;
  theme: WdTheme;
  paymentTiles: 'splash' | 'showMore';
  openAmount?: { min: number; max: number };
  amountSuggestions: string[];
  payButton: 'amountButton' | 'textButton';
  pmWhitelist?: string[];
  pmBlacklist?: string[];
  blockCards: string[][];
  cardWhitelist: string[][];
  /** which results show a message in the component (the expired pop-up always shows) */
  showResponseMessage: Record<ResponseState, boolean>;
  savePmUrl?: string;
  selectUpo?: string;
  selectPM?: string;
  logLevel: number;
  env: 'prod' | 'int';
  strictCardBlocking: boolean;
  /** the user's open (Pending) requests at which the withdraw button is disabled */
  wdRequestsLimit: number;
  appearance?: Appearance;
  callbacks: Partial<Record<WdCallbackName, Fn>>;
}
