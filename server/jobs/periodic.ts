// Background work that runs now and then every `intervalMs` in the server process, one run at a time; stop()
// waits for a run in progress (graceful shutdown). Each job is safe across processes on its own (row locks).
import type { Logger } from 'pino';

export function startPeriodicJob(options: { name: string; logger: Logger; intervalMs: number; run: () => Promise<void> }) {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= options
      .run()
      .catch((err: unknown) => options.logger.error({ err }, `${options.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
