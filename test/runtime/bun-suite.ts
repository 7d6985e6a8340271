// The runtime-seam contracts on Bun, against Bun's adapter (run by runtimes.test.ts
// with `bun test`).
import process from 'node:process';
import { bunRuntime } from '../../adapters/bun/runtime.ts';
import { fetchContract } from './fetch.contract.ts';
import { loopbackContract } from './loopback.contract.ts';
import { readWorkerContract } from './read-worker.contract.ts';
import { spawnContract } from './spawn.contract.ts';

spawnContract('bun', bunRuntime, { command: process.execPath, args: [] });
fetchContract('bun', bunRuntime);
loopbackContract('bun', bunRuntime);
readWorkerContract('bun', bunRuntime);
