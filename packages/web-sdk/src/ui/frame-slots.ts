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
