// Reads in contained workers, with fake workers: answers come back; a read past its time
// limit, a cancel, a crash and memory past the ceiling each end the worker and answer for that page.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TIMEOUT_REASON } from '../../src/claude/limiter.ts';
import { createReadWorkers, type ReadWorkersOptions } from '../../src/page/read-workers.ts';
import type { ReadWorker } from '../../src/runtime.ts';

type Behaviour = 'answer' | 'hang' | 'crash';

function fakes(behaviour: Behaviour) {
  const started: { terminated: boolean }[] = [];
  const start = (): ReadWorker => {
    const state = { terminated: false };
    started.push(state);
    let listener: (message: unknown) => void = () => {};
    let end: (why: string) => void = () => {};
    const exited = new Promise<string>((resolve) => {
      end = resolve;
    });
    return {
      post: (message) => {
        const { id, job } = message as { id: number; job: { url: string } };
        if (behaviour === 'answer')
          setTimeout(
            () => listener({ id, result: { title: job.url, markdown: 'm', text: 't', thin: false } }),
            5,
          );
        if (behaviour === 'crash') setTimeout(() => end('it ran out of its 256 MB of memory'), 5);
      },
      onMessage: (l) => {
        listener = l;
      },
      exited,
      terminate: () => {
        state.terminated = true;
        end('terminated');
      },
      hold: () => {},
    };
  };
  return { start, started };
}

const job = (url = 'http://127.0.0.1/a') => ({
  bytes: new TextEncoder().encode('<p>x</p>'),
  contentType: 'text/html',
  url,
});
const options = (start: () => ReadWorker, extra: Partial<ReadWorkersOptions> = {}): ReadWorkersOptions => ({
  start,
  residentMemory: () => 100,
  workers: 2,
  pdfLimitMs: 1000,
  markupLimitMs: 200,
  memoryCeiling: 1000 * MB,
  pollMs: 10,
  ...extra,
});
const signal = () => new AbortController().signal;
const MB = 1_048_576;

describe('createReadWorkers', () => {
  it('answers with the worker result and reuses the worker for the next read', async () => {
    const { start, started } = fakes('answer');
    const readers = createReadWorkers(options(start));
    assert.deepEqual(await readers.read(job(), signal()), {
      title: 'http://127.0.0.1/a',
      markdown: 'm',
      text: 't',
      thin: false,
    });
    await readers.read(job('http://127.0.0.1/b'), signal());
    assert.equal(started.length, 1);
    readers.close();
    assert.equal(started[0]?.terminated, true, 'close ends idle workers');
  });
  it('a read past its time limit is fetch_failed, and its worker is ended', async () => {
    const { start, started } = fakes('hang');
    const readers = createReadWorkers(options(start));
    const out = await readers.read(job(), signal());
    assert.match(
      JSON.stringify(out),
      /fetch_failed: http:\/\/127.0.0.1\/a could not be read: reading it took longer than 0.2 s/,
    );
    assert.equal(started[0]?.terminated, true);
  });
  it('a worker that dies is fetch_failed for that page and why', async () => {
    const readers = createReadWorkers(options(fakes('crash').start));
    const out = await readers.read(job(), signal());
    assert.match(
      JSON.stringify(out),
      /fetch_failed: .* could not be read: it ran out of its 256 MB of memory/,
    );
  });
  it('memory past the ceiling ends every read that grew it', async () => {
    const { start, started } = fakes('hang');
    let rss = 100 * MB;
    const readers = createReadWorkers(options(start, { residentMemory: () => rss, markupLimitMs: 10_000 }));
    const reads = [
      readers.read(job('http://127.0.0.1/a'), signal()),
      readers.read(job('http://127.0.0.1/b'), signal()),
    ];
    setTimeout(() => {
      rss = 2000 * MB;
    }, 30);
    for (const out of await Promise.all(reads))
      assert.match(
        JSON.stringify(out),
        /needed more memory than the server allows \(2000 MB in use, the limit is 1000 MB\)/,
      );
    assert.deepEqual(
      started.map((s) => s.terminated),
      [true, true],
    );
  });
  it('memory kept past the ceiling by earlier reads does not end a read that adds little', async () => {
    let rss = 1200 * MB;
    const readers = createReadWorkers(options(fakes('answer').start, { residentMemory: () => rss }));
    const out = readers.read(job(), signal());
    rss += 10 * MB;
    assert.equal(JSON.stringify(await out).includes('"thin":false'), true);
  });
  it('a cancel ends the read at once; a deadline is a timeout', async () => {
    const readers = createReadWorkers(options(fakes('hang').start, { markupLimitMs: 10_000 }));
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 20);
    assert.match(JSON.stringify(await readers.read(job(), cancel.signal)), /"code":"cancelled"/);
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(TIMEOUT_REASON), 20);
    assert.match(JSON.stringify(await readers.read(job(), deadline.signal)), /"code":"timeout"/);
  });
  it('at most `workers` reads run at once; the rest wait their turn', async () => {
    const { start, started } = fakes('answer');
    const readers = createReadWorkers(options(start, { workers: 2 }));
    const outs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => readers.read(job(`http://127.0.0.1/${i}`), signal())),
    );
    assert.equal(outs.length, 6);
    assert.equal(started.length, 2);
    readers.close();
  });
});
