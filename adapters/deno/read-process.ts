// The reader process's entry on Deno: frames on stdin are bodies to read or passages to choose
// (see src/page/read-job.ts); each answer goes back on stdout under the request's id, and its
// resident memory with it, and every 100 ms while it reads, so the server's watch can count it.
import process from 'node:process';
import { answerRequest, type WorkerRequest } from '../../src/page/read-job.ts';
import { encodeFrame, frameReader } from './read-frames.ts';

/** V8's collector: the server starts this process with --expose-gc. */
const collect = (): void => {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc === 'function') gc();
};

type Header = { id: number; job?: { contentType: string; url: string }; passages?: unknown };

const send = (message: unknown) => process.stdout.write(encodeFrame(message));
const memory = setInterval(() => send({ rss: process.memoryUsage.rss() }), 100);
memory.unref();

process.stdin.on(
  'data',
  frameReader(({ message, bytes }) => {
    const header = message as Header;
    const request = (header.job ? { id: header.id, job: { ...header.job, bytes } } : header) as WorkerRequest;
    void answerRequest(request).then((result) => {
      // What the read left behind goes now, so the memory this reader reports is what it holds.
      collect();
      send({ id: request.id, result, rss: process.memoryUsage.rss() });
    });
  }),
);
// The server closed the pipe (it ended, or let this reader go): nothing more will come.
process.stdin.on('end', () => process.exit(0));
