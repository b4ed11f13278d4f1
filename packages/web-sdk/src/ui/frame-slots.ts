import type { HostedField } from '../fields.js';
import { canMoveFrames } from '../move-frames.js';

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
    // a frame moved in loaded (from where `parkFrames` created it) stays ready
    for (const w of changed) if (!w.field.loaded) this.ready.delete(w.field);
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

/**
 * Creates `fields`' frames now, in a holder beside the screen (off screen, inert), so they load while
 * the screen's data does; the screen's slots then take them loaded (`HostedField.attach` moves a parked
 * frame, docs/decisions/0453). Only where the browser moves iframes without reloading them; elsewhere
 * nothing is created and each frame is made in its slot, as before. Answers the holder, and the function
 * that removes it with the frames no slot took (at onReady, and on destroy); undefined where nothing was
 * created.
 */
export function parkFrames(
  container: Element,
  fields: HostedField[],
): { holder: HTMLElement; remove: () => void } | undefined {
  if (!canMoveFrames()) return undefined;
  const holder = document.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.inert = true;
  // the width of the place the frames will take, so their first layout is the one they keep
  const width = container.clientWidth || 320;
  Object.assign(holder.style, { position: 'absolute', left: '-10000px', top: '0', width: `${width}px` });
  container.append(holder);
  for (const f of fields) {
    const spot = document.createElement('div');
    holder.append(spot);
    f.park(spot);
  }
  return {
    holder,
    remove: () => {
      for (const f of fields) if (f.isParked) f.detach();
      holder.remove();
    },
  };
}
