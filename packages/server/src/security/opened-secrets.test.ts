import { describe, expect, it } from 'vitest';
import { Secret } from '../lib/secret.js';
import { keepingOpened } from './opened-secrets.js';
import { createSealedBox, type SealedBox } from './sealed-box.js';

/** Counts the opens that reach the real box underneath. */
function counted(box: SealedBox): { box: SealedBox; opens: () => number } {
  let n = 0;
  return {
    box: { ...box, open: (sealed, purpose) => (n++, box.open(sealed, purpose)) },
    opens: () => n,
  };
}

describe('keepingOpened (docs/decisions/0818)', () => {
  const real = createSealedBox(new Secret(Buffer.alloc(32, 7)));

  it('opens a kept purpose once per sealed text, and answers the same value after', () => {
    const { box, opens } = counted(real);
    const kept = keepingOpened(box, ['site.secret_key']);
    const sealed = real.seal(new Secret('s3cret'), 'site.secret_key');
    expect(kept.open(sealed, 'site.secret_key').expose()).toBe('s3cret');
    expect(kept.open(sealed, 'site.secret_key').expose()).toBe('s3cret');
    expect(opens()).toBe(1);
    // a rotated key is another sealed text: opened, never answered from the old one
    const rotated = real.seal(new Secret('n3w'), 'site.secret_key');
    expect(kept.open(rotated, 'site.secret_key').expose()).toBe('n3w');
    expect(opens()).toBe(2);
  });

  it('keeps nothing of other purposes (card numbers), and still refuses a value sealed for another purpose', () => {
    const { box, opens } = counted(real);
    const kept = keepingOpened(box, ['site.secret_key']);
    const card = real.seal(new Secret('4761344136141390'), 'card.number');
    kept.open(card, 'card.number');
    kept.open(card, 'card.number');
    expect(opens()).toBe(2);
    expect(() => kept.open(card, 'site.secret_key')).toThrow();
  });

  it('seals and MACs as the box does', () => {
    const kept = keepingOpened(real, ['site.secret_key']);
    expect(kept.mac('p', 'data')).toEqual(real.mac('p', 'data'));
    expect(real.open(kept.seal(new Secret('x'), 'q'), 'q').expose()).toBe('x');
  });
});
