import type { Logger } from './log.js';
import type { FieldConfig, FieldStyle } from '@gatehouse/protocol';

/** What a page gives `sdk.fields()` and `create()`, and what a field group is made with. */

export interface StateClasses {
  focus: string;
  empty: string;
  invalid: string;
  complete: string;
}

export const DEFAULT_CLASSES: StateClasses = {
  focus: 'sfc-focus',
  empty: 'sfc-empty',
  invalid: 'sfc-invalid',
  complete: 'sfc-complete',
};

export interface FieldsOptions {
  style?: FieldStyle;
  classes?: Partial<StateClasses>;
  placeholders?: Record<string, string>;
  locale?: string;
  /** what checkout() adds to the frames' config: translated labels, language, direction, maskCvv, cardWhitelist */
  frame?: Pick<FieldConfig, 'labels' | 'lang' | 'dir' | 'maskCvv' | 'cardWhitelist'>;
}

export interface CreateOptions extends FieldsOptions {
  placeholder?: string;
  /** `card` only: add a cardholder-name input (autocomplete cc-name) */
  showCardHolderName?: boolean;
}

export interface FieldsContext {
  gatewayOrigin: string;
  merchantOrigin: string;
  config: Omit<FieldConfig, 'type' | 'style' | 'placeholders' | 'showCardHolderName'>;
  log: Logger;
  openChallenge(acsUrl: string): Promise<'done' | 'cancelled'>;
}
