import type { ComponentChildren } from 'preact';

export interface HostedFieldSlotProps {
  /** the slot's name: `data-ghc-frame`, where the screen attaches the card field's iframe */
  slot: string;
  /** the visible label (it names the group the frame sits in) */
  label: string;
  /** the error text, '' when there is none (the line keeps its height: nothing moves when it appears) */
  error: string;
  /** the field is in error (aria-invalid on the group; the frame's own input says it too) */
  invalid: boolean;
  /** the field must be filled (said in the frame's input by aria-required; here for the label's marker) */
  required?: boolean;
  /** the frame has loaded: until then the slot is a skeleton and says aria-busy */
  loaded: boolean;
  /** classes of the box around the frame and its adornment (e.g. a brand mark beside the number) */
  boxClass?: string | undefined;
  adornment?: ComponentChildren;
}

/**
 * The place of one hosted card field (an iframe of the gateway's origin) in a screen: its label, the
 * slot the iframe is attached to, and its error line. The slot is a named group (`aria-labelledby` its
 * label, `aria-describedby` its error line, `aria-invalid`), a skeleton while the frame loads. The
 * iframe is attached by the screen (HostedField.attach) and left alone by Preact: the slot renders no
 * children and keeps its class, so the SDK's focus and invalid classes stay.
 */
export function HostedFieldSlot({
  slot,
  label,
  error,
  invalid,
  required = true,
  loaded,
  boxClass,
  adornment,
}: HostedFieldSlotProps) {
  const id = `ghc-slot-${slot}`;
  const frame = (
    <div
      class="ghc-field"
      data-ghc-frame={slot}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-err`}
      aria-invalid={invalid ? 'true' : 'false'}
      aria-busy={loaded ? undefined : 'true'}
      data-ready={loaded ? '' : undefined}
      data-required={required ? '' : undefined}
    />
  );
  return (
    <div class="gh-field-slot">
      <span class="ghc-label" id={`${id}-label`}>
        {label}
      </span>
      {boxClass !== undefined ? (
        <div class={boxClass}>
          {frame}
          {adornment}
        </div>
      ) : (
        frame
      )}
      <p class="ghc-err" id={`${id}-err`}>
        {error}
      </p>
    </div>
  );
}
