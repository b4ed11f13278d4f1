import { currentLocale, LOCALE_FILES, LOCALE_NAMES, setLocale, t } from './i18n.js';

/**
 * The panel's language: a labelled native <select> (keyboard-usable as the browser makes it), each
 * language named in itself. Choosing one re-renders the panel in it at once and remembers it.
 */
export function LocalePicker({ id }: { id: string }) {
  const locale = currentLocale();
  return (
    <span class="dash-locale">
      <label for={id} class="dash-label">
        {t('locale.label')}
      </label>
      <select
        id={id}
        class="dash-input dash-locale-select"
        name="locale"
        value={locale}
        onChange={(e) => setLocale((e.currentTarget as HTMLSelectElement).value)}
      >
        {Object.keys(LOCALE_FILES)
          .sort()
          .map((l) => (
            <option key={l} value={l} lang={l} selected={l === locale}>
              {LOCALE_NAMES[l] ?? l}
            </option>
          ))}
      </select>
    </span>
  );
}
