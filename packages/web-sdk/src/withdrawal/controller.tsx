import type { FieldState } from '@gatehouse/protocol';
import { render } from 'preact';
import type { HostedField, HostedFields } from '../fields.js';
import { formatMoney } from '../ui/money.js';
import { type FlowEvent, INITIAL, isBusy, transition } from '../ui/payment-flow.machine.js';
import { installWithdrawalStyles } from './styles.js';
import { FrameSlots, type SlotWant } from '../ui/frame-slots.js';
import { directionOf, type Translate } from '../ui/texts.js';
import { frameStyleOf } from '../ui/theme.js';
import { callMerchant } from '../ui/callbacks.js';
import type { Selection } from '../ui/method-catalogue.js';
import type { WithdrawalOptions } from './names.js';
import type { WithdrawalEnv, WithdrawalInstance } from './stub.js';
import type { WithdrawalHost } from './host.js';
import type { CardPart, Obj, WdState } from './model.js';
import { normaliseWithdrawal } from './normalise.js';
import { wdTranslator } from './texts.js';
import { loadWithdrawal } from './load.js';
import { withdrawalApi } from './api.js';
import { WithdrawalView } from './views/WithdrawalView.js';

/**
 * The withdrawal component on the merchant page (docs/web-sdk.md, withdrawal()): this controller keeps
 * its state (the foundation's flow machine), talks to the client API and the hosted card fields, and
 * renders the views of `views/` with Preact into `renderTo`. A new card is typed only in Gatehouse's
 * hosted field frames and saved there as a UPO of the user; this code sees the frames' states, never
 * their values.
 */

type Fn = (...args: unknown[]) => unknown;
const FRAME_TYPES = [
  ['number', 'ccNumber'],
  ['exp', 'ccExpiration'],
  ['cvc', 'ccCvc'],
] as const;

export class WithdrawalController implements WithdrawalHost {
  readonly o: WithdrawalOptions;
  readonly t: Translate;
  readonly root: HTMLElement;
  readonly sdk: ReturnType<WithdrawalEnv['createSdk']>;
  readonly card: HostedFields;
  readonly fields = {} as Record<CardPart, HostedField>;
  readonly states: Partial<Record<CardPart, FieldState>> = {};
  private readonly frames = new FrameSlots(() => this.frameWants());
  destroyed = false;
  s: WdState;

  constructor(
    options: WithdrawalOptions,
    readonly env: WithdrawalEnv,
    container: Element,
  ) {
    const o = (this.o = options);
    const t = (this.t = wdTranslator(env.texts, o.i18n));
    this.sdk = env.createSdk({
      sessionToken: o.sessionToken,
      merchantId: o.merchantId,
      merchantSiteId: o.merchantSiteId,
      env: o.env,
      logLevel: o.logLevel,
      strictCardBlocking: o.strictCardBlocking,
      blockCards: o.blockCards,
      locale: o.locale,
    });
    const frame = {
      labels: {
        ccNumber: t('cardNumber'),
        ccExpiration: t('expiry'),
        ccCvc: t('cvv'),
        cardHolderName: t('cardHolder'),
      },
      lang: o.locale,
      dir: directionOf(o.locale),
      cardWhitelist: o.cardWhitelist,
    };
    const style = frameStyleOf(this.o.theme, this.o.appearance);
    this.card = this.sdk.fields({ frame, style, placeholders: { ccCvc: 'CVV', ccExpiration: t('expiryPlaceholder') } });
    for (const [part, type] of FRAME_TYPES) {
      const f = this.card.create(type);
      this.fields[part] = f;
      f.on('ready', () => this.frameReady(f));
      f.on('change', (st) => {
        this.states[part] = st as FieldState;
        this.update({});
      });
    }
    const root = document.createElement('div');
    // a dialog of the screen leaves the merchant's page alone (Modal)
    root.setAttribute('data-gh-modal-scope', '');
    container.replaceChildren(root);
    this.root = root;
    installWithdrawalStyles(env.styleNonce);
    this.s = {
      flow: INITIAL,
      methods: [],
      upos: [],
      requests: [],
      showAll: o.paymentTiles !== 'showMore',
      name: o.userDetails ? [o.userDetails.firstName, o.userDetails.lastName].filter(Boolean).join(' ') : '',
      apmValues: {},
      amount: o.amount,
      amountText: o.amount,
      showErrors: false,
      overlay: false,
      loadedFrames: [],
      framesReady: false,
      limitReached: false,
      expired: false,
    };
    this.update({});
  }

  load(): Promise<void> {
    return loadWithdrawal(this);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.card.destroy();
    render(null, this.root);
    this.root.remove();
  }

  api(): WithdrawalInstance {
    return withdrawalApi(this);
  }

  go(event: FlowEvent, patch: Partial<WdState> = {}): boolean {
    const next = transition(this.s.flow, event);
    if (!next) return false;
    this.update({ ...patch, flow: next });
    return true;
  }

  update(patch: Partial<WdState>): void {
    if (this.destroyed) return;
    this.s = { ...this.s, ...patch };
    render(<WithdrawalView h={this} />, this.root);
    this.syncFrames();
  }

  call(name: keyof WithdrawalOptions['callbacks'], ...args: unknown[]): unknown {
    return callMerchant('withdrawal', name, this.o.callbacks[name] as Fn | undefined, this.o.logLevel, args);
  }

  money(amount: string | number, currency = this.o.currency): string {
    return formatMoney(amount, currency, this.o.locale);
  }

  select(sel: Selection): void {
    if (isBusy(this.s.flow) || this.s.flow.name === 'final') return;
    this.update({ selected: sel, showErrors: false, status: undefined });
  }

  limitFlags(): { wdRequestsLimitReached: boolean } {
    return { wdRequestsLimitReached: this.s.limitReached };
  }

  /** The card frames the component may show, each with its slot and its name. */
  private frameWants(): SlotWant[] {
    const t = this.t;
    return [
      { field: this.fields.number, slot: 'ccNumber', title: t('cardNumber') },
      { field: this.fields.exp, slot: 'ccExpiration', title: t('expiry') },
      { field: this.fields.cvc, slot: 'ccCvc', title: t('cvv') },
    ];
  }

  /** Attaches each card frame to its slot when the component shows one (a new card selected), and only then. */
  private syncFrames(): void {
    const loaded = this.frames.sync(this.root, this.s.loadedFrames);
    if (loaded) this.update({ loadedFrames: loaded });
  }

  private frameReady(f: HostedField): void {
    const loaded = this.frames.frameReady(f, this.s.loadedFrames);
    if (loaded) this.update({ loadedFrames: loaded });
    this.checkReady();
  }

  /** onReady once: the data is loaded and every frame the component shows has loaded. */
  checkReady(): void {
    if (!this.frames.readyOnce(this.s.flow.name !== 'loading')) return;
    this.update({ framesReady: true });
    this.call('onReady', { loaded: true, ...this.limitFlags() });
  }
}

/** The withdrawal bundle's entry: registers `mount` for the websdk.js stub. */
export async function mount(params: Obj, env: WithdrawalEnv): Promise<WithdrawalInstance> {
  const options = normaliseWithdrawal(params);
  const container = document.querySelector(options.renderTo);
  if (!container) throw new Error('renderTo matches no element');
  const c = new WithdrawalController(options, env, container);
  void c.load().catch((err: unknown) => {
    if (options.logLevel > 0) console.error('gatehouse withdrawal: loading failed', err);
    c.go({ type: 'loaded' }, { status: { tone: 'bad', text: c.t('refresh') } });
  });
  return c.api();
}
