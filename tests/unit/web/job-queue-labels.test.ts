import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import type { Db } from '../../../src/server/db/client.ts';
import { JobEngine } from '../../../src/server/jobs/engine.ts';
import { defineJobs } from '../../../src/server/jobs/index.ts';
import { QUEUE_LABELS } from '../../../src/web/admin/system/jobs/queue-labels.ts';

describe('System → Jobs queue labels', () => {
  it('name every queue the server defines, and only those', () => {
    const quiet = { info() {}, warn() {}, error() {} };
    // Never started: defining the queues opens no connection.
    const engine = new JobEngine({
      url: 'postgres://127.0.0.1:1/none',
      timeZone: 'UTC',
      log: quiet,
      work: false,
    });
    defineJobs(engine, {} as Db, loadConfig({ TOKEN_SECRET: 'x'.repeat(40) }), quiet);
    expect(Object.keys(QUEUE_LABELS).sort()).toEqual([...engine.definitions.keys()].sort());
  });
});
