import type { HostedField } from '../fields.js';

/**
 * Mounting hosted card fields into a screen's HostedFieldSlots: a field is attached to its slot
 * (`[data-ghc-frame=<slot>]`) when the screen shows the slot, and detached when it no longer does;
 * the frame is named in the user's language. Shared by the checkout and the withdrawal.
 */

export interface SlotWant {
  field: HostedField;
  slot: string;
  /** the iframe's accessible name */
  title: string;
}

/** Attaches and detaches as `root` shows the slots now; answers the fields whose frame changed. */
export function syncFrameSlots(
  root: HTMLElement,
  want: SlotWant[],
  attached: Map<HostedField, HTMLElement>,
): SlotWant[] {
  const changed: SlotWant[] = [];
  for (const w of want) {
    const el = root.querySelector<HTMLElement>(`[data-ghc-frame=${w.slot}]`);
    const at = attached.get(w.field);
    if (el && at !== el) {
      w.field.attach(el);
      const frame = el.querySelector('iframe');
      if (frame) frame.title = w.title;
      attached.set(w.field, el);
      changed.push(w);
    } else if (!el && at) {
      w.field.detach();
      attached.delete(w.field);
      changed.push(w);
    }
  }
  return changed;
}

/**
 * The card frames of one screen: attached to the slots it shows (`syncFrameSlots`), which of them have
 * loaded, and the moment the screen is ready (its data loaded and every attached frame loaded), once.
 * The screen keeps the loaded slots in its state (to show each slot's skeleton until its frame is there):
 * `sync` and `frameReady` answer the new list when it changed, else undefined.
 */
export class FrameSlots {
  readonly attached = new Map<HostedField, HTMLElement>();
  private readonly ready = new Set<HostedField>();
  fired = false;

  constructor(private readonly wants: () => SlotWant[]) {}

  private slotOf(f: HostedField): string | undefined {
    return this.wants().find((w) => w.field === f)?.slot;
  }

  /** Attaches and detaches as `root` shows the slots now; a frame moved or gone is not loaded any more. */
  sync(root: HTMLElement, loaded: readonly string[]): string[] | undefined {
    const changed = syncFrameSlots(root, this.wants(), this.attached);
    if (changed.length === 0) return undefined;
    for (const w of changed) this.ready.delete(w.field);
    const still = loaded.filter((slot) => [...this.ready].some((f) => this.slotOf(f) === slot));
    return still.length === loaded.length ? undefined : still;
  }

  /** A frame says it has loaded. */
  frameReady(f: HostedField, loaded: readonly string[]): string[] | undefined {
    this.ready.add(f);
    const slot = this.slotOf(f);
    return slot === undefined || loaded.includes(slot) ? undefined : [...loaded, slot];
  }

  /** True the first time the data is loaded and every attached frame has loaded; false before and after. */
  readyOnce(dataLoaded: boolean): boolean {
    if (this.fired || !dataLoaded) return false;
    for (const f of this.attached.keys()) if (!this.ready.has(f)) return false;
    this.fired = true;
    return true;
  }
}
