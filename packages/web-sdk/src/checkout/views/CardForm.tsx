import { BrandMark } from '../../ui/components/BrandMark/BrandMark.js';
import { acceptedBrands, type CardBrand, CARD_BRANDS } from '../../ui/components/BrandMark/brands.js';
import { HostedFieldSlot } from '../../ui/components/HostedFieldSlot/HostedFieldSlot.js';
import { chooseBrand } from '../card-extras.js';
import { frameErrorText, installmentsOffered, invalidFields, nameProblem } from '../form-rules.js';
import { CARD, PART_FIELDS } from '../model.js';
import type { Checkout } from '../host.js';

/** The card number's adornment: the typed card's brand mark, or a generic card (cardLogo; false hides it). */
function CardLogo({ c }: { c: Checkout }) {
  const logo = c.o.cardLogo;
  if (logo === false) return null;
  const brand = c.states.number?.brand;
  return (
    <span
      class="ghc-brand"
      aria-hidden="true"
      data-ghc-brand={brand ?? ''}
      style={logo.backgroundSize ? { fontSize: logo.backgroundSize } : undefined}
    >
      {brand && (CARD_BRANDS as readonly string[]).includes(brand) ? (
        <BrandMark brand={brand as CardBrand} decorative />
      ) : brand ? (
        brand.toUpperCase()
      ) : (
        <svg width="26" height="18" viewBox="0 0 26 18" aria-hidden="true">
          <rect x="1" y="1" width="24" height="16" rx="2" fill="none" stroke="currentColor" stroke-width="1.5" />
          <rect x="1" y="5" width="24" height="3" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}

/**
 * The card form: accepted brands (only those the card rules leave), the three hosted card frames in
 * their slots (skeletons until they load), the cardholder's name, installments, promo code and a DCC offer.
 */
export function CardForm({ c }: { c: Checkout }) {
  const { o, s, t } = c;
  const invalid = s.showErrors ? invalidFields(c) : [];
  const slot = (part: 'number' | 'exp' | 'cvc') => {
    const st = c.states[part];
    const bad = invalid.includes(PART_FIELDS[part]) || !!st?.invalid;
    return { invalid: bad, error: bad ? frameErrorText(c, part, st) : '' };
  };
  const loaded = (name: string) => s.loadedFrames.includes(name);
  const name = nameProblem(c);
  return (
    <div class="ghc-card" data-ghc-form="cc_card">
      {o.showCardLogos ? (
        <ul class="ghc-logos" aria-label={t('acceptedCards')}>
          {acceptedBrands(o.blockCards, o.cardWhitelist).map((b) => (
            <li class="ghc-logo" key={b} data-brand={b}>
              <BrandMark brand={b} />
            </li>
          ))}
        </ul>
      ) : null}
      <HostedFieldSlot
        slot="ccNumber"
        label={t('cardNumber')}
        loaded={loaded('ccNumber')}
        boxClass={`ghc-numwrap${o.cardLogo !== false && o.cardLogo.cardLogoPosition === 'left' ? ' ghc-logo-left' : ''}`}
        adornment={<CardLogo c={c} />}
        {...slot('number')}
      />
      {s.brands ? <BrandChoice c={c} brands={s.brands} /> : null}
      <div class="ghc-row">
        <HostedFieldSlot slot="ccExpiration" label={t('expiry')} loaded={loaded('ccExpiration')} {...slot('exp')} />
        <HostedFieldSlot
          slot="ccCvc"
          label={o.alwaysCollectCvv === 'optional' ? t('cvvOptional') : t('cvv')}
          required={o.alwaysCollectCvv !== 'optional'}
          loaded={loaded('ccCvc')}
          {...slot('cvc')}
        />
      </div>
      <label class="ghc-label" for="ghc-name">
        {t('cardHolder')}
      </label>
      <input
        id="ghc-name"
        class="ghc-input"
        name="ccname"
        autocomplete="cc-name"
        maxLength={70}
        required
        value={s.name}
        aria-invalid={s.showErrors && name ? 'true' : 'false'}
        aria-describedby="ghc-err-cardHolderName"
        onPaste={() => (c.pasted = true)}
        onInput={(e) => c.typed('name', t('cardHolder'), (e.currentTarget as HTMLInputElement).value)}
        onBlur={() => c.userData()}
      />
      <Err id="cardHolderName" text={invalid.includes('cardHolderName') ? name : undefined} />
      {installmentsOffered(c) ? <Installments c={c} invalid={invalid} /> : null}
      {o.promoCode ? (
        <div>
          <label class="ghc-label" for="ghc-promo">
            {t('promoCode')}
          </label>
          <input
            id="ghc-promo"
            class="ghc-input"
            autocomplete="off"
            maxLength={40}
            value={s.promo}
            onInput={(e) => c.typed('promo', t('promoCode'), (e.currentTarget as HTMLInputElement).value)}
          />
        </div>
      ) : null}
      {s.dcc ? <DccOffer c={c} /> : null}
    </div>
  );
}

const Err = ({ id, text }: { id: string; text?: string | undefined }) => (
  <p class="ghc-err" id={`ghc-err-${id}`}>
    {text ?? ''}
  </p>
);

function Installments({ c, invalid }: { c: Checkout; invalid: string[] }) {
  const { o, s, t } = c;
  const inst = o.cardInstallments!;
  return (
    <div>
      <label class="ghc-label" for="ghc-inst">
        {t('installments')}
      </label>
      <select
        id="ghc-inst"
        class="ghc-input"
        value={s.installment}
        aria-describedby="ghc-err-installments"
        onChange={(e) => {
          const old = c.s.installment;
          const v = (e.currentTarget as HTMLSelectElement).value;
          c.update({ installment: v });
          c.call('onPaymentFormChange', CARD, t('installments'), 'select', old, v, v !== '', false);
          c.validated();
        }}
      >
        <option value="">—</option>
        {inst.installmentType.singlePayment ? <option value="singlePayment">{t('singlePayment')}</option> : null}
        {(['type1', 'type2', 'type3'] as const).flatMap((type) =>
          inst.installmentType[type].map((n) => (
            <option key={`${type}:${n}`} value={`${type}:${n}`}>
              {t(type, { n })}
            </option>
          )),
        )}
      </select>
      <Err id="installments" text={invalid.includes('installments') ? t('required') : undefined} />
      {inst.nationalId !== undefined ? (
        <div>
          <label class="ghc-label" for="ghc-nid">
            {inst.nationalId || t('nationalId')}
          </label>
          <input
            id="ghc-nid"
            class="ghc-input"
            autocomplete="off"
            maxLength={30}
            value={s.nationalId}
            aria-describedby="ghc-err-nationalId"
            onInput={(e) => c.typed('nationalId', t('nationalId'), (e.currentTarget as HTMLInputElement).value)}
            onBlur={() => c.userData()}
          />
          <Err id="nationalId" text={invalid.includes('nationalId') ? t('required') : undefined} />
        </div>
      ) : null}
    </div>
  );
}

function DccOffer({ c }: { c: Checkout }) {
  const { o, s, t } = c;
  const d = s.dcc!;
  return (
    <div class="ghc-dcc" data-ghc-dcc={d.chargedCurrency}>
      <label class="ghc-check">
        <input
          type="checkbox"
          checked={s.dccAccepted}
          disabled={o.useDCC === 'force'}
          onChange={(e) => {
            const v = (e.currentTarget as HTMLInputElement).checked;
            c.update({ dccAccepted: v });
            c.event(v ? 'dccAccepted' : 'dccDeclined', { currency: d.chargedCurrency });
          }}
        />
        <span>
          {t('dccOffer', { amount: c.money(d.chargedAmount, d.chargedCurrency), rate: d.rate, markup: d.markup })}
        </span>
      </label>
    </div>
  );
}

/** The brand choice of a co-badged card: a native radio group (arrow keys move, labels name each). */
function BrandChoice({ c, brands }: { c: Checkout; brands: string[] }) {
  return (
    <fieldset
      class="ghc-brands"
      role="radiogroup"
      aria-labelledby="ghc-brands-legend"
      data-ghc-brands={brands.join('|')}
    >
      <legend class="ghc-label" id="ghc-brands-legend">
        {c.t('brandChoice')}
      </legend>
      {brands.map((b, i) => (
        <label class="ghc-check" key={b}>
          <input
            type="radio"
            name="ghc-brand"
            value={b}
            data-ghc-brand-option={i === 0 ? 'primary' : 'secondary'}
            checked={c.s.selectedBrand === b}
            onChange={() => chooseBrand(c, b)}
          />
          <span>{b}</span>
        </label>
      ))}
    </fieldset>
  );
}
