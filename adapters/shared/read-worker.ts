// The reader worker's entry, the same on Node, Bun and Deno: each message is a body to read
// (see src/page/read-job.ts); the answer goes back under the message's id.
import { parentPort } from 'node:worker_threads';
import { type ReadJob, readJob } from '../../src/page/read-job.ts';

interface Request {
  readonly id: number;
  readonly job: ReadJob;
}

parentPort?.on('message', (request: Request) => {
  void readJob(request.job).then((result) => parentPort?.postMessage({ id: request.id, result }));
});
