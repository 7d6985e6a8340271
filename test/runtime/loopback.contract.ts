// The loopback-listener contract every runtime adapter passes on its own runtime: it
// serves the handler on 127.0.0.1 at a port of its own, and once closed, nothing listens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Runtime } from '../../src/runtime.ts';

export function loopbackContract(name: string, runtime: Runtime): void {
  describe(`${name}: serveLoopback`, () => {
    it('serves the handler on 127.0.0.1 until closed', async () => {
      const seen: string[] = [];
      const server = await runtime.serveLoopback(async (request) => {
        seen.push(
          `${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization')}`,
        );
        return new Response(await request.text(), { status: 201 });
      });
      assert.ok(server.port > 0);
      const url = `http://127.0.0.1:${server.port}/run/x`;
      const res = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer s' }, body: 'hello' });
      assert.equal(res.status, 201);
      assert.equal(await res.text(), 'hello');
      assert.deepEqual(seen, ['POST /run/x Bearer s']);
      await server.close();
      await assert.rejects(fetch(url, { method: 'POST', body: 'again' }));
    });

    it('gives each listener its own port', async () => {
      const a = await runtime.serveLoopback(async () => new Response('a'));
      const b = await runtime.serveLoopback(async () => new Response('b'));
      assert.notEqual(a.port, b.port);
      assert.equal(await (await fetch(`http://127.0.0.1:${b.port}/`)).text(), 'b');
      await Promise.all([a.close(), b.close()]);
    });
  });
}
