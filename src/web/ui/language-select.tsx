import { useLingui } from '@lingui/react/macro';
import { Flex, Select, Typography } from 'antd';
import { isLocale, LOCALES, type Locale } from '../../shared/domain/enums.ts';
import { activateLocale, currentLocale, LANGUAGE_LABELS, LANGUAGE_NAMES } from '../i18n.ts';

const options = LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_LABELS[locale] }));

/**
 * The CN / EN / AR switch (spec 1: those are its labels; the list also names each language in its
 * own script). The choice is stored and sent as `local-lang` from then on.
 */
export function LanguageSelect() {
  const { t } = useLingui();
  return (
    <Select
      aria-label={t`Language`}
      data-testid="language-select"
      value={currentLocale()}
      options={options}
      optionRender={(option) => (
        <Flex gap={8} justify="space-between">
          <span>{option.label}</span>
          <Typography.Text type="secondary">{LANGUAGE_NAMES[option.value as Locale]}</Typography.Text>
        </Flex>
      )}
      onChange={(value) => {
        if (isLocale(value)) void activateLocale(value);
      }}
      style={{ inlineSize: 76 }}
      popupMatchSelectWidth={false}
    />
  );
}
