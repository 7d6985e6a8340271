// Brave through the real entry points (R-B1–R-B5) against a loopback stand-in: the
// head start reaches the fake claude's prompt, web_search answers, the key shows up
// nowhere, and nothing Brave returned is written to the disk cache.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { entries } from '../helpers/entries.ts';
import { type FakeBrave, startFakeBrave, webBody } from '../helpers/fake-brave.ts';
import { type Sandbox, sandbox } from '../helpers/fake-claude-env.ts';
import { connectStdio } from '../helpers/mcp-client.ts';

type Content = { type: string; text?: string }[];
const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Content).map((c) => c.text ?? '').join('\n');

const KEY = 'brave-test-key-Zx81Qw73';

// Markers that occur only in what Brave returned. Result URLs are loopback IP literals, so
// the server's own page check refuses them at once: no connection, no DNS lookup.
const RESULTS = [
  {
    title: 'Okapi field notes braveTitleAlpha',
    url: 'http://127.0.0.1:9/okapi',
    description: 'The okapi braveSnippetAlpha lives in the Ituri rainforest.',
  },
  {
    title: 'Forest giraffe braveTitleBeta',
    url: 'http://127.0.0.1:9/forest-giraffe',
    description: 'Okapis braveSnippetBeta are related to giraffes.',
    extra_snippets: ['An extra passage braveExtraGamma about stripes.'],
  },
];
const MARKERS = [
  'braveTitleAlpha',
  'braveTitleBeta',
  'braveSnippetAlpha',
  'braveSnippetBeta',
  'braveExtraGamma',
];

const DRAFT = {
  answer: 'The okapi lives in the Ituri rainforest [1].',
  confidence: 'medium',
  findings: [{ claim: 'Okapis live in the rainforest.', quote: 'in the dense forest', source: 0, rank: 1 }],
  sources: [{ title: 'Okapi', url: 'http://127.0.0.1:9/okapi' }],
  gaps: [],
};

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

let brave: FakeBrave;
before(async () => {
  brave = await startFakeBrave();
  brave.script(() => ({ body: webBody(RESULTS) }));
});
after(() => brave.close());

for (const entry of entries()) {
  describe(`${entry.runtime}: Brave head start and web_search`, () => {
    let box: Sandbox;
    before(() => {
      box = sandbox({ FAKE_CLAUDE_OUTPUT: JSON.stringify(DRAFT) });
    });
    after(() => box.remove());

    it('gives claude the results, answers web_search, leaks no key and caches no Brave text', async () => {
      const session = await connectStdio(entry, 'modern', {
        env: box.env({ BRAVE_API_KEY: KEY, BRAVE_BASE_URL: brave.baseUrl }),
      });
      const replies: string[] = [];
      const requestsBefore = brave.requests.length;
      try {
        const research = await session.client.callTool({
          name: 'web_research',
          arguments: { question: `Where does the okapi live (${entry.runtime})?`, goal: 'a zoo sign' },
        });
        replies.push(text(research));
        assert.equal(research.isError ?? false, false, text(research));
        assert.match(text(research), /meta: .*, brave,/);

        const runs = box.runs();
        assert.equal(runs.length, 1);
        const prompt = runs[0]?.stdin ?? '';
        assert.match(prompt, /<untrusted kind="search results">/);
        for (const marker of MARKERS) assert.ok(prompt.includes(marker), `${marker} in the prompt`);
        assert.ok(prompt.includes('http://127.0.0.1:9/okapi'));
        assert.equal(runs[0]?.env.BRAVE_API_KEY, undefined, 'claude never gets the key');

        const search = await session.client.callTool({
          name: 'web_search',
          arguments: { query: `okapi habitat ${entry.runtime}`, count: 5 },
        });
        replies.push(text(search));
        assert.equal(search.isError ?? false, false, text(search));
        assert.match(
          text(search),
          /^1\. \[Okapi field notes braveTitleAlpha\]\(http:\/\/127\.0\.0\.1:9\/okapi\)/,
        );
        assert.match(text(search), /braveSnippetBeta/);

        const json = await session.client.callTool({
          name: 'web_search',
          arguments: { query: `okapi stripes ${entry.runtime}`, format: 'json' },
        });
        replies.push(text(json));
        const parsed = JSON.parse(text(json)) as {
          results: { title: string; url: string; snippet: string }[];
        };
        assert.equal(parsed.results[1]?.url, 'http://127.0.0.1:9/forest-giraffe');
        assert.match(parsed.results[1]?.snippet ?? '', /braveExtraGamma/);

        const mine = brave.requests.slice(requestsBefore);
        assert.equal(mine.length, 3, 'one Brave request per call');
        for (const request of mine) assert.equal(request.headers['x-subscription-token'], KEY);
      } finally {
        await session.close();
      }

      for (const reply of replies) assert.ok(!reply.includes(KEY), 'the key is not in a reply');
      assert.ok(!session.stderr().includes(KEY), 'the key is not in stderr');

      const files = filesUnder(box.cacheDir);
      assert.ok(files.length > 0, 'the research answer was cached on disk');
      for (const file of files) {
        const content = readFileSync(file, 'utf8');
        for (const marker of MARKERS) assert.ok(!content.includes(marker), `${marker} written to ${file}`);
        assert.ok(!content.includes(KEY), `the key written to ${file}`);
      }
    });
  });
}
