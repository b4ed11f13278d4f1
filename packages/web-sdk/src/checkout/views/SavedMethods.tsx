import { isBusy } from '../../ui/payment-flow.machine.js';
import { HostedFieldSlot } from '../../ui/components/HostedFieldSlot/HostedFieldSlot.js';
import { SavedMethodList } from '../../ui/components/SavedMethodList/SavedMethodList.js';
import { frameErrorText, invalidFields, upoNeedsCvv } from '../form-rules.js';
import { deleteUpo } from '../api.js';
import { FINAL } from '../model.js';
import type { Checkout } from '../host.js';

/** The shopper's saved methods, with a saved card's CVV frame under the list when it is selected. */
export function SavedMethods({ c }: { c: Checkout }) {
  const { s, o, t } = c;
  const sel = s.selected;
  const needsCvv = sel?.kind === 'upo' && upoNeedsCvv(c);
  const st = c.states.upoCvc;
  const invalid = needsCvv && ((s.showErrors && invalidFields(c).includes('ccCvc')) || !!st?.invalid);
  return (
    <SavedMethodList
      methods={s.upos}
      selected={sel?.kind === 'upo' ? sel.id : undefined}
      disabled={isBusy(s.flow) || FINAL.has(s.phase)}
      canDelete={!o.disableDeleteUpoButton}
      texts={{
        heading: t('savedMethods'),
        expires: (date) => t('expires', { date }),
        remove: (name) => t('deleteUpo', { name }),
        confirm: (name) => t('deleteConfirm', { name }),
        keep: t('keep'),
        confirmRemove: t('remove'),
      }}
      onSelect={(id) => c.select({ kind: 'upo', id })}
      onDelete={(id) => deleteUpo(c, id)}
      emptyFocusId="ghc-methods-h"
    >
      {needsCvv ? (
        <HostedFieldSlot
          slot="upoCvc"
          label={o.alwaysCollectCvv === 'optional' ? t('cvvOptional') : t('cvv')}
          required={o.alwaysCollectCvv !== 'optional'}
          invalid={invalid}
          error={invalid ? frameErrorText(c, 'cvc', st) : ''}
          loaded={s.loadedFrames.includes('upoCvc')}
        />
      ) : null}
    </SavedMethodList>
  );
}
