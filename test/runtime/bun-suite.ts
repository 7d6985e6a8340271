// The runtime-seam contracts on Bun, against Bun's adapter (run by runtimes.test.ts
// with `bun test`).
import { bunRuntime } from '../../adapters/bun/runtime.ts';
import { fetchContract } from './fetch.contract.ts';

fetchContract('bun', bunRuntime);
