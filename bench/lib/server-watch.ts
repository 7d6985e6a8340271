// While a server works: its peak resident memory, sampled every `sampleMs`, and the slowest
// tools/list of one asked every 100 ms, the wait every other caller would see.

export interface ServerWatch {
  /** Stops watching, once the last tools/list has answered. */
  stop(): Promise<{ readonly peak: number; readonly slowestMs: number }>;
}

export function watchServer(
  client: { listTools(): Promise<unknown> },
  memory: () => number,
  sampleMs: number,
): ServerWatch {
  let peak = memory();
  let slowest = 0;
  let running = true;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory());
  }, sampleMs);
  const lister = (async () => {
    while (running) {
      const asked = performance.now();
      await client.listTools();
      slowest = Math.max(slowest, performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      clearInterval(sampler);
      await lister;
      return { peak, slowestMs: slowest };
    },
  };
}
