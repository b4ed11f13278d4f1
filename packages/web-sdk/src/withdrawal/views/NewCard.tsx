import { HostedFieldSlot } from '../../ui/components/HostedFieldSlot/HostedFieldSlot.js';
import type { WithdrawalHost } from '../host.js';
import type { CardPart } from '../model.js';
import { problems } from '../submit.js';

const SLOT = { number: 'ccNumber', exp: 'ccExpiration', cvc: 'ccCvc' } as const;

/**
 * A new card to withdraw to: the hosted card frames (number, expiry, CVV; skeletons until they load)
 * and the name on the card. The card is saved as a UPO of the user when the withdrawal is sent.
 */
export function NewCard({ h }: { h: WithdrawalHost }) {
  const { s, t } = h;
  const shown = s.showErrors ? problems(h) : [];
  const slot = (part: CardPart) => {
    const st = h.states[part];
    const bad = shown.some((p) => p.id === `ghc-slot-${SLOT[part]}-label`) || !!st?.invalid;
    return {
      slot: SLOT[part],
      invalid: bad,
      error: bad ? t(`cardInvalid.${part}`) : '',
      loaded: s.loadedFrames.includes(SLOT[part]),
    };
  };
  const nameBad = shown.some((p) => p.id === 'ghw-name');
  return (
    <div class="ghc-card" data-ghw-form="cc_card">
      <HostedFieldSlot label={t('cardNumber')} {...slot('number')} />
      <div class="ghc-row">
        <HostedFieldSlot label={t('expiry')} {...slot('exp')} />
        <HostedFieldSlot label={t('cvv')} {...slot('cvc')} />
      </div>
      <label class="ghc-label" for="ghw-name">
        {t('cardHolder')}
      </label>
      <input
        id="ghw-name"
        class="ghc-input"
        name="ccname"
        autocomplete="cc-name"
        maxLength={70}
        required
        value={s.name}
        aria-invalid={nameBad ? 'true' : 'false'}
        aria-describedby="ghw-err-name"
        onInput={(e) => h.update({ name: (e.currentTarget as HTMLInputElement).value })}
      />
      <p class="ghc-err" id="ghw-err-name">
        {nameBad ? t('nameRequired') : ''}
      </p>
    </div>
  );
}
