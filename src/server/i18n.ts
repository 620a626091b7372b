import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../shared/domain/enums.ts';
import { messageById } from '../shared/i18n/message-registry.ts';
import type { MessageDescriptor } from '../shared/i18n/messages.ts';

export type Translate = ((message: MessageDescriptor, values?: Record<string, unknown>) => string) & {
  /** The language it translates into (absent on a translator made elsewhere, e.g. in a test). */
  readonly locale?: Locale;
};

const catalogFile = (locale: Locale) =>
  fileURLToPath(new URL(`../shared/i18n/locales/${locale}/messages.po`, import.meta.url));

/** Reads msgid/msgstr pairs of a gettext catalog (what `lingui extract` writes). */
export function parsePo(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  let id: string | undefined;
  let str: string | undefined;
  let field: 'id' | 'str' | undefined;
  const flush = () => {
    if (id !== undefined && id !== '' && str) out[id] = str;
    id = undefined;
    str = undefined;
    field = undefined;
  };
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"') && field) {
      if (field === 'id') id = (id ?? '') + unquote(line);
      else str = (str ?? '') + unquote(line);
    } else if (line === '' || line.startsWith('#')) {
      if (field === 'str') flush();
    }
  }
  flush();
  return out;
}

function loadI18n(locale: Locale): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  let messages: Record<string, string> = {};
  try {
    messages = parsePo(readFileSync(catalogFile(locale), 'utf8'));
  } catch {
    // A missing catalog falls back to the source messages; a test keeps every catalog complete.
  }
  i18n.load(locale, messages);
  i18n.activate(locale);
  return i18n;
}

const instances = new Map<Locale, I18n>(LOCALES.map((l) => [l, loadI18n(l)]));

/** The language tags of Accept-Language that name one of ours: zh (any region or script) is cn. */
const TAG_LOCALE: Record<string, Locale> = { zh: 'cn', cn: 'cn', en: 'en', ar: 'ar' };

/**
 * The language of a request: its `local-lang` header when it names one of ours (what the app
 * sends); otherwise the highest-weighted language of `Accept-Language` that we have (a script, a
 * browser opening a file link, a shipper's system); cn when neither does (spec 7).
 */
export function requestLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const chosen = headers['local-lang'];
  if (isLocale(chosen)) return chosen;
  const accept = headers['accept-language'];
  if (typeof accept !== 'string' || accept.length > 500) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of accept.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.reduce((at, p) => {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      return m ? Number(m[1]) : at;
    }, 1);
    const locale = TAG_LOCALE[tag.trim().toLowerCase().split('-')[0] ?? ''];
    if (locale && q > 0 && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

export function translator(locale: Locale): Translate {
  const i18n = instances.get(locale)!;
  // Called through a plain function so `lingui extract` does not read this as a message to extract.
  const translate = i18n._.bind(i18n);
  const t = (message: MessageDescriptor, values?: Record<string, unknown>) =>
    translate({ id: message.id, message: message.message, values });
  return Object.assign(t, { locale });
}

/**
 * A text stored as it came or by one of our message ids (a reason of ours, kept in no language):
 * ours read in the reader's language, any other (a mail server's or a receiver's answer, zod's own
 * message) as it is.
 */
export function readStored(t: Translate, stored: string): string {
  const ours = messageById(stored);
  return ours ? t(ours) : stored;
}
