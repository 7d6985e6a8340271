// The audit of what the bundle holds, run for real (`npm audit` against an advisory
// endpoint on loopback): a high advisory in a bundled package fails it, unless accepted
// with a reason and a date; advisories of tools that are not bundled do not; and an
// unreachable advisory database fails only a run that requires it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readAllowList } from '../../scripts/audit.mjs';
import { ROOT } from '../helpers/entries.ts';
import { type LoopbackServer, startLoopbackServer } from '../helpers/loopback-server.ts';

const advisory = (pkg: string, ghsa: string) => ({
  [pkg]: [
    {
      id: 1,
      url: `https://github.com/advisories/${ghsa}`,
      title: 'A made-up flaw',
      severity: 'high',
      vulnerable_versions: '<=999.0.0',
      cwe: [],
      cvss: { score: 8, vectorString: null },
    },
  ],
});

describe('audit of bundled packages', () => {
  let dir: string;
  let server: LoopbackServer;
  let answer: { status: number; body: object } = { status: 200, body: {} };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'web-mcp-audit-'));
    server = await startLoopbackServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const bulk =
          req.method === 'POST' && (req.url ?? '').startsWith('/-/npm/v1/security/advisories/bulk');
        res.writeHead(bulk ? answer.status : 404, { 'content-type': 'application/json' });
        res.end(bulk && answer.status === 200 ? JSON.stringify(answer.body) : '');
      });
    });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const audit = (...args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/audit.mjs', '--registry', `${server.url}/`, ...args],
        {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: 120_000,
          env: { ...process.env, npm_config_cache: join(dir, 'cache') },
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
      );
    });

  it('fails on a high advisory in a bundled package, naming it and how to accept it; tools not bundled do not count', async () => {
    answer = {
      status: 200,
      body: {
        ...advisory('linkedom', 'GHSA-aaaa-bbbb-cccc'),
        ...advisory('typescript', 'GHSA-dddd-eeee-ffff'),
      },
    };
    const result = await audit('--allow', join(dir, 'none.json'));
    assert.equal(result.code, 1, result.out);
    assert.match(result.out, /high GHSA-aaaa-bbbb-cccc in bundled linkedom \(node_modules\/linkedom\)/);
    assert.match(result.out, /accept it in .* with its id, package, reason and until date/);
    assert.match(result.out, /1 high\/critical advisory/);
    assert.doesNotMatch(result.out, /GHSA-dddd-eeee-ffff|typescript/);
  });

  it('passes when that advisory is accepted with a reason and a future date', async () => {
    answer = {
      status: 200,
      body: {
        ...advisory('linkedom', 'GHSA-aaaa-bbbb-cccc'),
        ...advisory('typescript', 'GHSA-dddd-eeee-ffff'),
      },
    };
    const allow = join(dir, 'allow.json');
    const entry = {
      id: 'GHSA-aaaa-bbbb-cccc',
      package: 'linkedom',
      reason: 'The flaw is in an API web-mcp never calls.',
      until: '2999-01-01',
    };
    writeFileSync(allow, JSON.stringify({ advisories: [entry] }));
    const result = await audit('--allow', allow);
    assert.equal(result.code, 0, result.out);
    assert.match(result.out, /no high or critical advisory \(1 accepted\)/);
  });

  it('an unreachable advisory database is reported, and fails a run that requires the audit', async () => {
    answer = { status: 405, body: {} };
    const relaxed = await audit();
    assert.equal(relaxed.code, 0, relaxed.out);
    assert.match(relaxed.out, /advisory database could not be read .*nothing was checked/);
    const strict = await audit('--require');
    assert.equal(strict.code, 2, strict.out);
  });

  it('an acceptance needs its reason and ends at its date', () => {
    const path = join(dir, 'entries.json');
    writeFileSync(
      path,
      JSON.stringify({
        advisories: [
          { id: 'GHSA-1', package: 'a', reason: 'Does not reach our use of it.', until: '2030-01-01' },
          { id: 'GHSA-2', package: 'b', reason: 'Does not reach our use of it.', until: '2020-01-01' },
          { id: 'GHSA-3', package: 'c', until: '2030-01-01' },
        ],
      }),
    );
    const { accepted, problems } = readAllowList(path, '2026-06-01');
    assert.deepEqual(
      accepted.map((a) => a.id),
      ['GHSA-1'],
    );
    assert.equal(problems.length, 2);
    assert.match(problems.join('\n'), /GHSA-2 ended on 2020-01-01/);
    assert.match(problems.join('\n'), /needs "id" \(GHSA-…\), "package" and a "reason"/);
  });
});
