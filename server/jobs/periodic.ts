// Background work that runs now and then every `intervalMs` in the server process, one run at a time; stop()
// waits for a run in progress (graceful shutdown). Each job is safe across processes on its own (row locks).
// kick() runs it now: at once when idle, else again right after the run in progress (which may have looked before
// the work that kicked it was there).
import type { Logger } from 'pino';

export function startPeriodicJob(options: { name: string; logger: Logger; intervalMs: number; run: () => Promise<void> }) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = options
      .run()
      .catch((err: unknown) => options.logger.error({ err }, `${options.name} failed`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  tick();
  const timer = setInterval(() => {
    if (!running) tick();
  }, options.intervalMs);
  timer.unref();
  return {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
