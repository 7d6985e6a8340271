// The reader worker's entry, the same on Node, Bun and Deno: each message is a body to read
// or passages to choose (see src/page/read-job.ts); the answer goes back under the message's id.
import { parentPort } from 'node:worker_threads';
import { answerRequest, type WorkerRequest } from '../../src/page/read-job.ts';

parentPort?.on('message', (request: WorkerRequest) => {
  void answerRequest(request).then((result) => parentPort?.postMessage({ id: request.id, result }));
});
