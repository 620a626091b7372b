/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then runs
 * the server (embedded PostgreSQL and demo data unless DATABASE_URL is set).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env.WEB_DIST ?? 'dist');
const SOURCES = [
  'src/web',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package.json',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'routeTree.gen.ts') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

const built = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
const sources = Math.max(...SOURCES.map((s) => newest(join(root, s))));
if (built < sources) {
  console.log(
    built ? 'The web app changed since its last build; building it…' : 'Building the web app (first start)…',
  );
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) {
    console.error('The web build failed; see the messages above.');
    process.exit(r.status ?? 1);
  }
}
await import('../src/server/main.ts');
