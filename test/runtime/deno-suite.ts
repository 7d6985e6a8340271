// The runtime-seam contracts on Deno, against Deno's adapter (run by runtimes.test.ts
// with `deno test`).
import process from 'node:process';
import { denoRuntime } from '../../adapters/deno/runtime.ts';
import { fetchContract } from './fetch.contract.ts';
import { loopbackContract } from './loopback.contract.ts';
import { readWorkerContract } from './read-worker.contract.ts';
import { spawnContract } from './spawn.contract.ts';

spawnContract('deno', denoRuntime, { command: process.execPath, args: ['run', '-A', '--no-check'] });
fetchContract('deno', denoRuntime);
loopbackContract('deno', denoRuntime);
readWorkerContract('deno', denoRuntime);
