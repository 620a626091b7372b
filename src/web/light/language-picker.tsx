import { useLingui } from '@lingui/react/macro';
import { isLocale, LOCALES } from '../../shared/domain/enums.ts';
import { activateLocale, currentLocale, LANGUAGE_LABELS, LANGUAGE_NAMES } from '../i18n.ts';

/**
 * The CN / EN / AR switch of the light pages: the browser's own select (no component library),
 * each option naming its language in its own script as well.
 */
export function LanguagePicker() {
  const { t } = useLingui();
  return (
    <select
      className="light-select"
      aria-label={t`Language`}
      data-testid="language-select"
      value={currentLocale()}
      onChange={(event) => {
        const value = event.target.value;
        if (isLocale(value)) void activateLocale(value);
      }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {`${LANGUAGE_LABELS[locale]} · ${LANGUAGE_NAMES[locale]}`}
        </option>
      ))}
    </select>
  );
}
