// The runtime-seam contracts on Node, in this process, against Node's adapter.
import { nodeRuntime } from '../../adapters/node/runtime.ts';
import { fetchContract } from './fetch.contract.ts';
import { loopbackContract } from './loopback.contract.ts';
import { readWorkerContract } from './read-worker.contract.ts';
import { spawnContract } from './spawn.contract.ts';

spawnContract('node', nodeRuntime, { command: process.execPath, args: ['--import', 'tsx'] });
fetchContract('node', nodeRuntime);
loopbackContract('node', nodeRuntime);
readWorkerContract('node', nodeRuntime);
