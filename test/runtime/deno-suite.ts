// The runtime-seam contracts on Deno, against Deno's adapter (run by runtimes.test.ts
// with `deno test`).
import { denoRuntime } from '../../adapters/deno/runtime.ts';
import { fetchContract } from './fetch.contract.ts';

fetchContract('deno', denoRuntime);
