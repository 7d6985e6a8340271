// Audits what the bundle holds: users' `npm audit` cannot see code bundled into dist/, so
// this runs `npm audit` on the (dev) dependencies and fails on a high or critical advisory
// for any package whose code lands in dist/ (read from esbuild's metafile). An advisory
// that does not apply is accepted in audit-allow.json with a reason and an end date.
//
//   node scripts/audit.mjs [--require] [--from audit.json] [--allow FILE] [--registry URL]
//
// --require: fail when the advisory database cannot be reached (the release does this);
// without it, an unreachable database is reported as such and does not fail the run.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from './bundle-options.mjs';
import { bundledPackageDirs } from './notices.mjs';

const BLOCKING = new Set(['high', 'critical']);

/** Bundled packages as `node_modules/...` folders (the paths npm audit reports as nodes). */
export async function bundledDirs() {
  const { metafile } = await build({
    ...BUNDLE_OPTIONS,
    outdir: 'dist.audit',
    write: false,
    logLevel: 'error',
  });
  return bundledPackageDirs(metafile);
}

/** Reads and checks the allow-list: each entry needs an advisory id, the package, a reason and an end date. */
export function readAllowList(path, today = new Date().toISOString().slice(0, 10)) {
  if (!existsSync(path)) return { accepted: [], problems: [] };
  const entries = JSON.parse(readFileSync(path, 'utf8')).advisories ?? [];
  const problems = [];
  const accepted = entries.filter((e, i) => {
    const where = `${path} entry ${i + 1}`;
    if (
      typeof e.id !== 'string' ||
      typeof e.package !== 'string' ||
      typeof e.reason !== 'string' ||
      e.reason.length < 10
    ) {
      problems.push(`${where}: needs "id" (GHSA-…), "package" and a "reason" of a sentence`);
      return false;
    }
    if (typeof e.until !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(e.until)) {
      problems.push(`${where}: needs "until" (YYYY-MM-DD), the date to look at it again`);
      return false;
    }
    if (e.until < today) {
      problems.push(`${where}: acceptance of ${e.id} ended on ${e.until}; review it again`);
      return false;
    }
    return true;
  });
  return { accepted, problems };
}

const advisoryId = (via) =>
  String(via.url ?? '')
    .split('/')
    .pop() || String(via.source ?? via.id ?? '');

/** The high/critical advisories of bundled packages in an `npm audit --json` report, less the accepted ones. */
export function blockingAdvisories(report, dirs, accepted) {
  const bundled = new Set(dirs);
  const found = [];
  for (const vuln of Object.values(report.vulnerabilities ?? {})) {
    const nodes = (vuln.nodes ?? []).filter((n) => bundled.has(n));
    if (nodes.length === 0) continue;
    for (const via of vuln.via ?? []) {
      if (typeof via !== 'object' || !BLOCKING.has(via.severity)) continue;
      const id = advisoryId(via);
      if (accepted.some((a) => a.id === id && a.package === vuln.name)) continue;
      found.push({ id, package: vuln.name, severity: via.severity, title: via.title, url: via.url, nodes });
    }
  }
  return found;
}

function runNpmAudit(registry) {
  const args = ['audit', '--json', '--include=dev', ...(registry ? ['--registry', registry] : [])];
  return new Promise((resolve) => {
    // npm audit exits 1 when it finds anything: its JSON on stdout is what counts.
    execFile('npm', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (_error, stdout, stderr) => {
      try {
        resolve(JSON.parse(stdout));
      } catch {
        resolve({ message: `npm audit printed no JSON: ${stderr.trim().split('\n').pop()}` });
      }
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const flag = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const allowPath = flag('--allow') ?? 'audit-allow.json';
  const from = flag('--from');
  const dirs = bundledDirs();
  const report = from ? JSON.parse(readFileSync(from, 'utf8')) : await runNpmAudit(flag('--registry'));
  if (!report.vulnerabilities) {
    const why = report.message ?? report.error?.summary ?? 'no vulnerabilities object in the report';
    console.error(`audit: the advisory database could not be read (${why}); nothing was checked.`);
    process.exit(argv.includes('--require') ? 2 : 0);
  }
  const { accepted, problems } = readAllowList(allowPath);
  for (const p of problems) console.error(`audit: ${p}`);
  const bundled = await dirs;
  const blocking = blockingAdvisories(report, bundled, accepted);
  for (const b of blocking) {
    console.error(
      `audit: ${b.severity} ${b.id} in bundled ${b.package} (${b.nodes.join(', ')}): ${b.title} ${b.url ?? ''}`,
    );
  }
  if (blocking.length > 0 || problems.length > 0) {
    console.error(
      `audit: ${blocking.length} high/critical advisory(ies) in bundled packages. Update the package (npm update NAME), ` +
        `or, if an advisory cannot reach web-mcp's use, accept it in ${allowPath} with its id, package, reason and until date.`,
    );
    process.exit(1);
  }
  console.log(
    `audit: ${bundled.length} bundled packages, no high or critical advisory (${accepted.length} accepted)`,
  );
}
