import { useLingui } from '@lingui/react/macro';
import { Select } from 'antd';
import { isLocale, LOCALES } from '../../shared/domain/enums.ts';
import { activateLocale, currentLocale, LANGUAGE_NAMES } from '../i18n.ts';

const options = LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }));

/** The cn / en / ar switch; the choice is stored and sent as `local-lang` from then on. */
export function LanguageSelect() {
  const { t } = useLingui();
  return (
    <Select
      aria-label={t`Language`}
      data-testid="language-select"
      value={currentLocale()}
      options={options}
      onChange={(value) => {
        if (isLocale(value)) void activateLocale(value);
      }}
      style={{ inlineSize: 120 }}
      popupMatchSelectWidth={false}
    />
  );
}
