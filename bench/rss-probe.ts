/**
 * Preloaded into a forked bench server (`--import`): samples the process's RSS every 100 ms and
 * answers a 'usage' message from the parent with the peak so far (and the CPU time used so far),
 * so a benchmark reads the memory and CPU of the server process itself rather than its own.
 */
let peak = process.memoryUsage().rss;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 100);
timer.unref();
process.on('message', (m) => {
  if (m !== 'usage') return;
  peak = Math.max(peak, process.memoryUsage().rss);
  const cpu = process.cpuUsage();
  process.send?.({
    peakRss: peak,
    maxRss: process.resourceUsage().maxRSS * 1024,
    cpuMicros: cpu.user + cpu.system,
  });
});
