import en from './locales/en.json';
import { translatorOf, type Translate } from '../ui/texts.js';

/**
 * The withdrawal's texts at run time: English is built into its bundle; another locale's table
 * arrives as its own script (the foundation's mechanism, ui/texts.ts, docs/decisions/0432).
 */
export type WdTextKey = keyof typeof en;
export const WD_EN: Record<string, string> = en;

export const wdTranslator = (table?: Record<string, string>, overrides?: Record<string, string>): Translate =>
  translatorOf(en, table, overrides);
