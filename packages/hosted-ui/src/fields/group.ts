/**
 * The group: the sibling fields of one card (ccNumber, ccExpiration, ccCvc, same `g`), which find each
 * other on a BroadcastChannel that only pages of the gateway's origin can join. They share the number's
 * brand (for the CVV's length), and a ccNumber field collects the expiry and CVV from its siblings.
 */
import { report } from './report.js';
import { group, inputs, page, type Part, type } from './state.js';

export const channel =
  group && typeof BroadcastChannel !== 'undefined' && type !== 'card'
    ? new BroadcastChannel(`gatehouse-fields-${group}`)
    : undefined;
const collectWaiters = new Map<string, (parts: Partial<Record<Part, string>>) => void>();

channel?.addEventListener('message', (event: MessageEvent) => {
  const data = event.data as {
    kind?: string;
    nonce?: string;
    brand?: string | null;
    values?: Partial<Record<Part, string>>;
  };
  if (data.kind === 'brand') {
    page.siblingBrand = data.brand ?? undefined;
    report();
  } else if (data.kind === 'collect' && typeof data.nonce === 'string' && type !== 'ccNumber') {
    const values: Partial<Record<Part, string>> = {};
    if (inputs.exp) values.exp = inputs.exp.value;
    if (inputs.cvc) values.cvc = inputs.cvc.value;
    channel.postMessage({ kind: 'values', nonce: data.nonce, values });
  } else if (data.kind === 'values' && typeof data.nonce === 'string') {
    collectWaiters.get(data.nonce)?.(data.values ?? {});
  }
});

/** Expiry and CVV from this page or, for a ccNumber field, from its sibling frames. */
export async function collectParts(): Promise<Partial<Record<Part, string>>> {
  const own: Partial<Record<Part, string>> = {};
  for (const [p, input] of Object.entries(inputs) as Array<[Part, HTMLInputElement]>) own[p] = input.value;
  if (!channel || type !== 'ccNumber') return own;
  const nonceBytes = new Uint8Array(8);
  crypto.getRandomValues(nonceBytes);
  const nonce = Array.from(nonceBytes, (b) => b.toString(16)).join('');
  const merged = { ...own };
  await new Promise<void>((resolve) => {
    let answers = 0;
    const timer = window.setTimeout(resolve, 1500);
    collectWaiters.set(nonce, (values) => {
      Object.assign(merged, values);
      answers++;
      if (merged.exp !== undefined && merged.cvc !== undefined) {
        window.clearTimeout(timer);
        resolve();
      }
      if (answers > 4) resolve();
    });
    channel.postMessage({ kind: 'collect', nonce });
  });
  collectWaiters.delete(nonce);
  return merged;
}
