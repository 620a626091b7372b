import { useLingui } from '@lingui/react';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import arEG from 'antd/locale/ar_EG';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
// The date pickers name months and weekdays through dayjs's own locales (antd's ar_EG and zh_CN
// look for 'ar' and 'zh-cn'): without them the calendar reads "2026年Dec" and English weekdays.
import 'dayjs/locale/ar';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/domain/enums.ts';
import { setNotifier } from '../api/handlers.ts';
import { isRtl } from '../i18n.ts';

const ANTD_LOCALES: Record<Locale, typeof enUS> = { cn: zhCN, en: enUS, ar: arEG };
const DAYJS_LOCALES: Record<Locale, string> = { cn: 'zh-cn', en: 'en', ar: 'ar' };

/** Spec 8/9: an error toast stays 5 seconds and can be closed. */
const TOAST_SECONDS = 5;

const TOKENS = { colorPrimary: '#1d5fbf', borderRadius: 6 };

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)');

function subscribeMotion(onChange: () => void): () => void {
  const query = reducedMotion();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const wantsLessMotion = () => reducedMotion()?.matches ?? false;

/**
 * Ant Design for the desktop screens (and the login page): its own locale, RTL for Arabic, and
 * the notifier that shows failed calls. PDA routes are outside it, so Ant Design never loads there.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const rtl = isRtl(locale);
  dayjs.locale(DAYJS_LOCALES[locale]);
  // Dialogs, menus and toasts open without their zoom and slide when the system asks for less motion.
  const reduced = useSyncExternalStore(subscribeMotion, wantsLessMotion, () => false);
  const theme = useMemo<ThemeConfig>(() => ({ token: { ...TOKENS, motion: !reduced } }), [reduced]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} direction={rtl ? 'rtl' : 'ltr'} theme={theme}>
      {/* Toasts appear at the end of the reading line: the top left corner in Arabic. */}
      <App notification={{ placement: rtl ? 'topLeft' : 'topRight' }}>
        <ErrorToasts />
        {children}
      </App>
    </ConfigProvider>
  );
}

function ErrorToasts() {
  const { notification } = App.useApp();
  useEffect(
    () =>
      setNotifier((msg) =>
        notification.error({ title: msg, duration: TOAST_SECONDS, closable: true, showProgress: true }),
      ),
    [notification],
  );
  return null;
}
