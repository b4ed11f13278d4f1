import {
  type CreateOptions,
  DEFAULT_CLASSES,
  type FieldsContext,
  type FieldsOptions,
  type StateClasses,
} from './field-options.js';
import { canMoveFrames } from './move-frames.js';
import {
  type FieldConfig,
  type FieldOp,
  type FieldState,
  type FieldStyle,
  type FieldType,
  FIELD_TYPES,
  type FromField,
  isMessage,
  TAG,
  type ToField,
} from '@gatehouse/protocol';

/**
 * Hosted card fields on the merchant page: each field is an iframe of Gatehouse's `/hosted/v1/fields`
 * page; this side only places it, styles its container with state classes and relays events. The
 * card data stays in the frames (cross-origin: the merchant page cannot read them).
 */

type Handler = (payload: unknown) => void;

/** How long a request waits for its field frame to load before answering an error. */
const READY_TIMEOUT_MS = 30_000;

const randomId = (): string => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/** Every field of every SDK instance on the page: the one message listener finds its frame here. */
const live = new Set<HostedField>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('message', (event: MessageEvent) => {
    if (!isMessage(event.data)) return;
    for (const field of live) {
      if (field.accepts(event)) {
        field.receive(event.data as FromField);
        return;
      }
    }
  });
}

export class HostedField {
  readonly type: FieldType;
  readonly group: HostedFields;
  private frame: HTMLIFrameElement | undefined;
  private container: HTMLElement | undefined;
  private handlers = new Map<string, Handler[]>();
  private pending = new Map<number, (r: Record<string, unknown>) => void>();
  private readyWaiters: Array<() => void> = [];
  private isReady = false;
  /** the frame said `ready` while its group held its config (`HostedFields.held`) */
  private readyHeld = false;
  /** the frame was created in a holder (`park`) and waits to be moved to its slot */
  private parked = false;
  private nextId = 1;
  state: FieldState;

  constructor(
    group: HostedFields,
    type: FieldType,
    private readonly options: CreateOptions,
  ) {
    this.group = group;
    this.type = type;
    this.state = { type, empty: true, complete: false, invalid: false, focus: false };
  }

  /** Mounts the field into the element `target` (a CSS selector or an element); returns the field. */
  attach(target: string | HTMLElement): this {
    const el = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!el) throw new Error(`gatehouse: no element matches ${String(target)}`);
    if (this.frame && this.parked && this.frame.isConnected && el.isConnected && canMoveFrames()) {
      // moved, not reloaded: the page, its readiness and its config stay
      this.parked = false;
      try {
        el.replaceChildren();
        (el as HTMLElement & { moveBefore(node: Node, child: Node | null): void }).moveBefore(this.frame, null);
        if (this.container) for (const c of Object.values(this.classes())) this.container.classList.remove(c);
        this.container = el;
        this.applyClasses();
        return this;
      } catch (err) {
        // a move the browser refuses: the frame is made anew in its slot below
        this.group.ctx.log.debug('frame not moved', err);
      }
    }
    if (this.frame) this.detach();
    listen();
    const ctx = this.group.ctx;
    const url = new URL('/hosted/v1/fields', ctx.gatewayOrigin);
    url.searchParams.set('type', this.type);
    url.searchParams.set('mo', ctx.merchantOrigin);
    url.searchParams.set('g', this.group.id);
    const frame = document.createElement('iframe');
    frame.src = url.toString();
    frame.title = {
      card: 'Card details',
      ccNumber: 'Card number',
      ccExpiration: 'Card expiration date',
      ccCvc: 'Card security code',
    }[this.type];
    frame.setAttribute('scrolling', 'no');
    frame.setAttribute('allow', 'payment');
    frame.setAttribute('allowtransparency', 'true');
    Object.assign(frame.style, {
      border: '0',
      width: '100%',
      height: '44px',
      display: 'block',
      overflow: 'hidden',
      background: 'transparent',
    });
    this.frame = frame;
    this.container = el;
    el.replaceChildren(frame);
    this.applyClasses();
    live.add(this);
    return this;
  }

  /**
   * Creates the frame now in `holder` (off screen), where the browser can move it later without a
   * reload (`canMoveFrames`): `attach` then moves it to its slot, loaded. Answers false, and does
   * nothing, where frames cannot be moved or the field has a frame already.
   */
  park(holder: HTMLElement): boolean {
    if (this.frame || !canMoveFrames()) return false;
    this.attach(holder);
    this.parked = true;
    return true;
  }

  /** Whether the frame is still in the holder `park` put it in. */
  get isParked(): boolean {
    return this.parked && !!this.frame;
  }

  /** Whether the frame has loaded (it said `ready`). */
  get loaded(): boolean {
    return this.isReady;
  }

  /** Removes the frame (and the card data it held). */
  detach(): void {
    this.parked = false;
    live.delete(this);
    this.frame?.remove();
    this.frame = undefined;
    this.isReady = false;
    this.readyHeld = false;
    if (this.container) for (const c of Object.values(this.classes())) this.container.classList.remove(c);
  }

  destroy(): void {
    this.detach();
    for (const resolve of this.pending.values())
      resolve({ result: 'ERROR', errCode: 1000, errorDescription: 'The card fields were destroyed' });
    this.pending.clear();
  }

  on(event: 'change' | 'ready' | 'focus' | 'blur', handler: Handler): this {
    const list = this.handlers.get(event) ?? [];
    list.push(handler);
    this.handlers.set(event, list);
    if (event === 'ready' && this.isReady) handler({ type: this.type, loaded: true });
    return this;
  }

  clear(): void {
    this.post({ tag: TAG, kind: 'clear' });
  }

  focus(): void {
    this.post({ tag: TAG, kind: 'focus' });
  }

  /** Whether `event` comes from this field's frame, on the gateway origin. */
  accepts(event: MessageEvent): boolean {
    return !!this.frame && event.origin === this.group.ctx.gatewayOrigin && event.source === this.frame.contentWindow;
  }

  receive(msg: FromField): void {
    const log = this.group.ctx.log;
    switch (msg.kind) {
      case 'ready': {
        if (this.frame && typeof msg.height === 'number' && msg.height > 0 && msg.height < 400)
          this.frame.style.height = `${Math.ceil(msg.height)}px`;
        if (this.group.held) this.readyHeld = true;
        else this.configure();
        break;
      }
      case 'change': {
        const before = this.state.focus;
        this.state = msg.state;
        this.applyClasses();
        if (before !== msg.state.focus) this.emit(msg.state.focus ? 'focus' : 'blur', { type: this.type });
        this.emit('change', { ...msg.state });
        this.group.emitChange(this);
        break;
      }
      case 'response': {
        const resolve = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        resolve?.(msg.result);
        break;
      }
      case 'challenge': {
        log.info('3-D Secure challenge');
        void this.group.ctx
          .openChallenge(msg.acsUrl)
          .then((outcome) =>
            this.post({ tag: TAG, kind: 'challenge-done', id: msg.id, cancelled: outcome === 'cancelled' }),
          );
        break;
      }
      default:
        break;
    }
  }

  /** Sends the frame its config; the first time, the field is loaded (`ready`). */
  configure(): void {
    this.readyHeld = false;
    this.post({ tag: TAG, kind: 'config', config: this.configFor() });
    if (this.isReady) return;
    this.isReady = true;
    for (const w of this.readyWaiters.splice(0)) w();
    this.group.ctx.log.debug('field ready', this.type);
    this.emit('ready', { type: this.type, loaded: true });
  }

  /** Whether the frame said `ready` and waits for its group's config. */
  get waitsForConfig(): boolean {
    return this.readyHeld;
  }

  /** Asks the frame to do `op` with the card it holds; resolves with the frame's result. */
  async request(op: FieldOp, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!this.frame) return { result: 'ERROR', errCode: 1004, errorDescription: 'The card fields are not attached' };
    if (!this.isReady) {
      const ready = await new Promise<boolean>((resolve) => {
        const timer = window.setTimeout(() => resolve(false), READY_TIMEOUT_MS);
        this.readyWaiters.push(() => {
          window.clearTimeout(timer);
          resolve(true);
        });
      });
      if (!ready) return { result: 'ERROR', errCode: 1000, errorDescription: 'The card fields did not load' };
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.post({ tag: TAG, kind: 'request', id, op, params });
    });
  }

  private post(msg: ToField): void {
    this.frame?.contentWindow?.postMessage(msg, this.group.ctx.gatewayOrigin);
  }

  private emit(event: string, payload: unknown): void {
    for (const h of this.handlers.get(event) ?? []) {
      try {
        h(payload);
      } catch (err) {
        this.group.ctx.log.error('handler failed', err);
      }
    }
  }

  private classes(): StateClasses {
    return { ...DEFAULT_CLASSES, ...this.group.options.classes, ...this.options.classes };
  }

  private applyClasses(): void {
    const el = this.container;
    if (!el) return;
    const c = this.classes();
    el.classList.toggle(c.focus, this.state.focus);
    el.classList.toggle(c.empty, this.state.empty);
    el.classList.toggle(c.invalid, this.state.invalid);
    el.classList.toggle(c.complete, this.state.complete);
  }

  private configFor(): FieldConfig {
    const g = this.group.options;
    const style: FieldStyle = { ...g.style, ...this.options.style };
    const placeholders = {
      ...g.placeholders,
      ...(this.options.placeholder ? { [this.type]: this.options.placeholder } : {}),
    };
    return {
      ...this.group.ctx.config,
      ...g.frame,
      type: this.type,
      style,
      placeholders,
      showCardHolderName: this.options.showCardHolderName === true,
    };
  }
}

/** `sdk.fields(options)`: a group of fields that make one card together. */
export class HostedFields {
  readonly id = randomId();
  private readonly fields: HostedField[] = [];
  private handlers: Handler[] = [];

  /**
   * `held`: the frames wait for `configure()` before they are sent their config and count as loaded
   * (a screen creates them before its texts and theme are known, docs/decisions/0454).
   */
  constructor(
    readonly ctx: FieldsContext,
    public options: FieldsOptions,
    public held = false,
  ) {}

  /** Sets a held group's options: its frames that have loaded get their config now, the others when they load. */
  configure(options: FieldsOptions): void {
    this.options = options;
    this.held = false;
    for (const f of this.fields) if (f.waitsForConfig) f.configure();
  }

  create(type: FieldType, options: CreateOptions = {}): HostedField {
    if (!FIELD_TYPES.includes(type))
      throw new Error(`gatehouse: unknown field type ${String(type)}; use ccNumber, ccExpiration, ccCvc or card`);
    if (this.fields.some((f) => f.type === type))
      throw new Error(`gatehouse: a ${type} field already exists in this group`);
    const field = new HostedField(this, type, options);
    this.fields.push(field);
    return field;
  }

  /** The field whose frame holds the card number: `card`, else `ccNumber`. */
  primary(): HostedField | undefined {
    return this.fields.find((f) => f.type === 'card') ?? this.fields.find((f) => f.type === 'ccNumber');
  }

  on(event: 'change', handler: Handler): this {
    this.handlers.push(handler);
    return this;
  }

  emitChange(field: HostedField): void {
    const complete = this.fields.length > 0 && this.fields.every((f) => f.state.complete);
    for (const h of this.handlers) h({ field: field.type, state: { ...field.state }, complete });
  }

  destroy(): void {
    for (const f of this.fields) f.destroy();
  }
}

/** Whether `v` is a field or field group of this SDK: what createPayment and getToken take as paymentOption. */
export function fieldsOf(v: unknown): HostedFields | undefined {
  if (v instanceof HostedField) return v.group;
  if (v instanceof HostedFields) return v;
  return undefined;
}
