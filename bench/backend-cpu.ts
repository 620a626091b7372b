import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

export const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU ms used so far by each backend of the database (from /proc; other databases' are not counted). */
export async function backendCpu(client: pg.Client): Promise<Map<number, number>> {
  const pids = (
    await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    )
  ).rows.map((r) => r.pid);
  const out = new Map<number, number>();
  for (const pid of pids)
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK);
    } catch {
      // gone, or not readable here (another machine)
    }
  return out;
}

/** The CPU ms the database's backends used between two readings of backendCpu. */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}
