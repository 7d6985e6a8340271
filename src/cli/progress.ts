// Progress of an `ask` run on stderr: one live line redrawn in place on a
// terminal, plain timestamped lines otherwise (logs, pipes, CI).

export interface ProgressOptions {
  readonly write: (text: string) => void;
  /** A terminal gets the live line; anything else gets one line per event. */
  readonly tty: boolean;
  readonly columns: number;
  readonly clock: () => number;
  readonly startedAt: number;
  /** How often the live line's clock is redrawn. */
  readonly tickMs?: number;
}

export interface Progress {
  update(message: string): void;
  /** Clears the live line; call before anything else goes to the terminal. */
  stop(): void;
}

const CLEAR = '\r\x1b[2K';

export function createProgress(options: ProgressOptions): Progress {
  let searches = 0;
  let pages = 0;
  let last = 'starting';
  const elapsed = () => `${((options.clock() - options.startedAt) / 1000).toFixed(1)} s`;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

  const draw = () => {
    const full = `${elapsed()} · ${count(searches, 'search', 'searches')} · ${count(pages, 'page', 'pages')} · ${last}`;
    const width = Math.max(20, options.columns - 1);
    options.write(`${CLEAR}${full.length > width ? `${full.slice(0, width - 1)}…` : full}`);
  };
  const timer = options.tty ? setInterval(draw, options.tickMs ?? 200) : undefined;
  if (options.tty) draw();

  return {
    update(message) {
      if (message.startsWith('searching:')) searches += 1;
      if (message.startsWith('reading:')) pages += 1;
      last = message;
      if (options.tty) draw();
      else options.write(`web-mcp: [${elapsed()}] ${message}\n`);
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      if (options.tty) options.write(CLEAR);
    },
  };
}
