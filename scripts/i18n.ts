/**
 * Catalog helper for developers.
 *
 *   node scripts/i18n.ts missing            # extract, then print {id: [en, "", ""]} for ids lacking cn or ar
 *   node scripts/i18n.ts fill FILE.json     # FILE: {id: [cn, ar]}; writes those translations into the catalogs
 *
 * Both take a lock (.tmp/catalog.lock) so two people editing catalogs at once do not lose entries.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parsePo } from '../src/server/i18n.ts';

const root = new URL('../', import.meta.url);
const poFile = (locale: string) => new URL(`src/shared/i18n/locales/${locale}/messages.po`, root);

function withLock<T>(fn: () => T): T {
  mkdirSync(new URL('.tmp/', root), { recursive: true });
  const lock = new URL('.tmp/catalog.lock', root);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      openSync(lock, 'wx');
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('catalog lock held for 2 minutes: remove .tmp/catalog.lock');
      execFileSync('sleep', ['0.5']);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

function extract() {
  execFileSync('npx', ['lingui', 'extract', '--clean'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Sets msgstr for the given ids in one .po file, keeping everything else as it is. */
function setTranslations(locale: string, values: Record<string, string>) {
  const lines = readFileSync(poFile(locale), 'utf8').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    out.push(line);
    if (!line.startsWith('msgid ')) continue;
    let id = JSON.parse(line.slice(6)) as string;
    while (lines[i + 1]?.startsWith('"')) {
      i++;
      out.push(lines[i]!);
      id += JSON.parse(lines[i]!) as string;
    }
    if (id === '' || !(id in values)) continue;
    // skip the old msgstr (and its continuation lines)
    if (lines[i + 1]?.startsWith('msgstr ')) {
      i++;
      while (lines[i + 1]?.startsWith('"')) i++;
    }
    out.push(`msgstr ${JSON.stringify(values[id])}`);
  }
  writeFileSync(poFile(locale), out.join('\n'));
}

const [cmd, file] = process.argv.slice(2);
if (cmd === 'missing') {
  withLock(extract);
  const en = parsePo(readFileSync(poFile('en'), 'utf8'));
  const cn = parsePo(readFileSync(poFile('cn'), 'utf8'));
  const ar = parsePo(readFileSync(poFile('ar'), 'utf8'));
  const missing: Record<string, [string, string, string]> = {};
  for (const [id, text] of Object.entries(en)) {
    if (!cn[id] || !ar[id]) missing[id] = [text, cn[id] ?? '', ar[id] ?? ''];
  }
  console.log(JSON.stringify(missing, null, 1));
} else if (cmd === 'fill' && file) {
  const values = JSON.parse(readFileSync(file, 'utf8')) as Record<string, [string, string]>;
  withLock(() => {
    extract();
    setTranslations('cn', Object.fromEntries(Object.entries(values).map(([id, [c]]) => [id, c])));
    setTranslations('ar', Object.fromEntries(Object.entries(values).map(([id, [, a]]) => [id, a])));
  });
  console.log(`filled ${Object.keys(values).length} ids`);
} else {
  console.error('usage: node scripts/i18n.ts missing | fill FILE.json');
  process.exit(2);
}
