// The reader-worker contract every adapter passes: a worker reads a body and answers under
// the request's id; terminate() ends it in the middle of a long read; memory is readable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Runtime } from '../../src/runtime.ts';
import { cpuBombPdfs } from '../helpers/hostile-pdfs.ts';

const page = (body: string) =>
  new TextEncoder().encode(`<html><head><title>Tides</title></head><body>${body}</body></html>`);
const ARTICLE = `<article><p>${'The tide rises and falls twice a day along this coast. '.repeat(20)}</p></article>`;

export function readWorkerContract(name: string, runtime: Runtime): void {
  describe(`${name}: reader workers`, () => {
    it('reads a page and answers under the request id', async () => {
      const worker = runtime.startReadWorker({ heapMb: 128 });
      try {
        const reply = new Promise<unknown>((resolve) => worker.onMessage(resolve));
        const bytes = page(ARTICLE);
        worker.post({ id: 7, job: { bytes, contentType: 'text/html', url: 'http://127.0.0.1/tides' } }, [
          bytes.buffer,
        ]);
        const { id, result } = (await reply) as { id: number; result: { title: string; text: string } };
        assert.equal(id, 7);
        assert.equal(result.title, 'Tides');
        assert.match(result.text, /twice a day/);
      } finally {
        worker.terminate();
      }
    });
    it('terminate() ends a worker in the middle of a long read, and exited says so', async () => {
      const worker = runtime.startReadWorker({ heapMb: 128 });
      // Graphics states nested 30,000 deep: a minute of the PDF reader's time.
      const [, bytes = new Uint8Array(0)] = cpuBombPdfs(0.3)[0] ?? [];
      worker.post({ id: 1, job: { bytes, contentType: 'application/pdf', url: 'http://127.0.0.1/q.pdf' } });
      let answered = false;
      worker.onMessage(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const asked = performance.now();
      worker.terminate();
      const why = await worker.exited;
      assert.equal(answered, false, 'the read was still running');
      assert.equal(typeof why, 'string');
      assert.ok(performance.now() - asked < 3000, `ended after ${performance.now() - asked} ms`);
    });
    it('tells the resident memory of the process', () => {
      const rss = runtime.residentMemory();
      assert.ok(rss > 10 * 1_048_576 && rss < 64 * 1024 * 1_048_576, `rss ${rss}`);
    });
  });
}
