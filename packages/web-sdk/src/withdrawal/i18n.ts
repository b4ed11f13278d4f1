import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import he from './locales/he.json';
import it from './locales/it.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';
import ru from './locales/ru.json';
import type { WdLocale } from './names.js';

/**
 * Every locale of the withdrawal component: one JSON file per locale (every file with the keys of
 * en.json, which a unit test checks). The build makes each non-English table a script of its own; the
 * bundle holds English only (texts.ts). For the build, the tests and tools: the bundle does not import it.
 */
export const WD_LOCALE_FILES: Record<WdLocale, Record<string, string>> = { de, en, es, fr, he, it, pl, pt, ru };
