import { median } from './harness.ts';
import { type Measured, REPLAY_CONNECTIONS } from './pda-measures.ts';
import { RELAXED, REPLAY, ROUNDS, SCANS } from './pda-settings.ts';

/** The PDA bench's table (pda.ts): each target's medians against their targets. */

export function report(results: Measured[]) {
  const fmt = (x: number) => (x >= 100 ? String(Math.round(x)) : x.toFixed(x >= 10 ? 1 : 2));
  const row = (label: string, xs: number[], unit: string, target: string, met?: (m: number) => boolean) =>
    xs.length
      ? console.log(
          `  ${label}\t${fmt(median(xs))} ${unit}\t(${xs.map(fmt).join(', ')})${met ? `\t${target}: ${met(median(xs)) ? 'met' : 'MISSED'}` : ''}`,
        )
      : undefined;
  if (RELAXED)
    console.log('\nBENCH_RELAXED=1: IndexedDB commits did not wait for the disk (not the app as shipped)');
  console.log(`\nPDA bench, medians of ${ROUNDS} rounds (each round's figure in brackets), 127.0.0.1\n`);
  /** A figure of each round: its label, how it is read off a round, its unit and its target. */
  type Figure<T> = [
    label: string,
    pick: (x: T) => number,
    unit: string,
    target?: [string, (v: number) => boolean] | undefined,
  ];
  const rows = <T>(rounds: T[], figures: Figure<T>[]) => {
    for (const [label, pick, unit, target] of figures)
      row(label, rounds.map(pick), unit, target?.[0] ?? '', target?.[1]);
  };
  for (const m of results) {
    console.log(m.database);
    rows(m.latency, [
      [`(1) scan → row + outbox write, p50 (${SCANS} scans, CPU 4x)`, (x) => x.p50, 'ms'],
      ['(1) scan → row + outbox write, p95', (x) => x.p95, 'ms', ['target < 50 ms', (v) => v < 50]],
      ['(1) main-thread time per scan (CPU 4x)', (x) => x.perScan.taskMs, 'ms'],
      ['(1) CPU per scan: renderer (page, throttling not counted)', (x) => x.perScan.rendererCpuMs, 'ms'],
      ['(1) CPU per scan: browser process (IndexedDB, network)', (x) => x.perScan.browserCpuMs, 'ms'],
      ['(1) IndexedDB reads + cursor steps per scan', (x) => x.perScan.reads + x.perScan.steps, ''],
      ['(1) IndexedDB records read per scan (entries and keys)', (x) => x.perScan.records, ''],
      ['(1) IndexedDB read-write commit, p95 (strict durability)', (x) => x.commitP95, 'ms'],
      ['(1) scan rows in the DOM after the last scan', (x) => x.rows, ''],
    ]);
    rows(m.replay, [
      [
        `(2) replay ${REPLAY} queued scans: server holds all`,
        (x) => x.serverSeconds,
        's',
        ['target < 10 s', (v) => v < 10],
      ],
      ['(2) replay: outbox shows all sent', (x) => x.outboxSeconds, 's'],
      [
        `(2) the same scans from Node, ${REPLAY_CONNECTIONS} connections (the floor)`,
        (x) => x.floorSeconds,
        's',
      ],
      ['(2) scan calls in flight on average', (x) => x.inFlight, ''],
      ['(2) main-thread time per replayed scan', (x) => x.taskMsPerScan, 'ms'],
      [
        '(2) CPU per replayed scan: renderer + browser process',
        (x) => x.rendererCpuMsPerScan + x.browserCpuMsPerScan,
        'ms',
      ],
    ]);
    if (m.replay.length)
      console.log(
        `  (2) lost ${m.replay.map((x) => x.lost).join(', ')}; duplicated ${m.replay.map((x) => x.duplicated).join(', ')}; refused ${m.replay.map((x) => x.refused).join(', ')}; bill count ${m.replay.map((x) => x.billCount).join(', ')}\ttarget 0 lost, 0 duplicated: ${m.replay.every((x) => x.lost === 0 && x.duplicated === 0 && x.billCount === REPLAY) ? 'met' : 'MISSED'}`,
      );
    // The throughput target is PostgreSQL's; the embedded database's figure is shown beside it.
    const onPostgres = !m.database.startsWith('embedded');
    rows(m.load, [
      [
        '(3) scan call, 50 connections',
        (x) => x.scansPerSecond,
        'scans/s',
        onPostgres ? ['target >= 500 scans/s on PostgreSQL', (v) => v >= 500] : undefined,
      ],
      ['(3) scan call, 50 connections, p95', (x) => x.p95, 'ms'],
      ['(3) CPU per scan (server + database)', (x) => x.cpu.node + x.cpu.db, 'ms'],
    ]);
    if (m.load.some((x) => x.errors)) console.log(`  (3) errors ${m.load.map((x) => x.errors).join(', ')}`);
    if (m.size) {
      console.log(
        `  (4) first load of /pda: ${(m.size.gzip / 1024).toFixed(1)} kB gzip (${(m.size.raw / 1024).toFixed(0)} kB raw) in ${m.size.scripts.length} scripts\ttarget < 200 kB: ${m.size.gzip < 200 * 1024 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `      largest: ${m.size.scripts
          .slice(0, 6)
          .map((s) => `${s.file.replace('/assets/', '')} ${(s.gzip / 1024).toFixed(1)}`)
          .join(', ')}`,
      );
      console.log(
        `  (4) Ant Design in the first load: ${m.size.antd.length ? `${m.size.antd.join(', ')} MISSED` : 'none, met'}`,
      );
    }
    console.log(`  load average (1 min) at each round: ${m.loadAverage.map((x) => x.toFixed(2)).join(', ')}`);
  }
}
