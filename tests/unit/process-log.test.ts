import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS, processLogger } from '../../src/server/log.ts';

const dir = mkdtempSync(join(tmpdir(), 'process-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string });
  } catch {
    return [];
  }
};

describe('the process logger', () => {
  it('buffers request lines and writes them within its flush interval', async () => {
    const file = join(dir, 'buffered.log');
    const log = processLogger('info', file);
    log.info('first');
    log.info('second');
    log.debug('below the level');
    // Not one write per line: nothing is on disk right after logging.
    await new Promise((r) => setTimeout(r, 50));
    expect(lines(file)).toEqual([]);
    const deadline = Date.now() + LOG_FLUSH_MS * 5;
    while (lines(file).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(lines(file).map((l) => l.msg)).toEqual(['first', 'second']);
  });

  it('writes what is buffered when the process exits', () => {
    const file = join(dir, 'exit.log');
    const root = resolve(import.meta.dirname, '../..');
    const script = `
      const { processLogger } = await import(${JSON.stringify(join(root, 'src/server/log.ts'))});
      const log = processLogger('info', ${JSON.stringify(file)});
      log.info('before exit');
      setTimeout(() => { log.error('failing'); process.exit(1); }, 100);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(lines(file).map((l) => l.msg)).toEqual(['before exit', 'failing']);
  });
});
