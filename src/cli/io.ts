// What a subcommand is handed by the process around it: the runtime, the command line and
// environment, the package root, and where its output goes.
import type { ConfigSources } from '../config.ts';
import type { Runtime } from '../runtime.ts';

export interface CliIo {
  readonly runtime: Runtime;
  /** argv starts with the subcommand's name. */
  readonly sources: ConfigSources;
  /** This installation's package root, absolute, no trailing slash. */
  readonly root: string;
  readonly fetch: typeof fetch;
  readonly clock: () => number;
  /** Fires on Ctrl-C (SIGINT). */
  readonly interrupt: AbortSignal;
  readonly stderrIsTTY: boolean;
  readonly columns: number;
  out(text: string): void;
  err(text: string): void;
}
