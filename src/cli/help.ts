// The --help text of each subcommand (the top-level text is USAGE in src/config.ts).
import { ASK_TOOLS } from './ask.ts';
import { CLIENTS } from './client-config.ts';

export const HELP = {
  doctor: `web-mcp doctor — check that web-mcp can work here, and say what to fix

Usage: web-mcp doctor [--online] [--http HOST:PORT] [--json]

  --online           also try the Brave key with one search (counts against its quota)
  --http HOST:PORT   also check the rules for serving HTTP there (token off loopback)
  --json             one JSON object: {"ok": …, "checks": [{name, status, message, fix?, facts?}]}
  --help             print this help

One line per check: ✓ fine, ! works but look at it, ✗ must be fixed.
Exit status: 0 when web-mcp can answer, 1 when not, 2 for a bad flag.`,
  ask: `web-mcp ask — ask one question from the terminal, through the same tools an agent calls

Usage: web-mcp ask "question" [--goal TEXT] [--tool NAME] [--url URL] [--max-tokens N] [--format json]

  --goal TEXT        what you will do with the answer (picks web_research)
  --url URL          a page to read (picks web_read, or web_page with --goal)
  --tool NAME        ${ASK_TOOLS.join(' | ')}
  --max-tokens N     reply cap, 50–4000 (default: the tool's)
  --format FORMAT    markdown | json (tools that take a goal)
  --help             print this help

The reply goes to stdout, progress to stderr. Ctrl-C stops the run.
Exit status: 0 replied, 1 the tool failed (the error is on stderr), 2 bad input, 130 interrupted.`,
  config: `web-mcp config — print the set-up snippet for an MCP client

Usage: web-mcp config <client> [--http URL]

  client             ${CLIENTS.join(' | ')}
  --http URL         connect to a running server (web-mcp --http …) at this URL, e.g.
                     http://127.0.0.1:8787/mcp, instead of starting this installation
  --help             print this help

The snippet goes to stdout (pipe it into the file), where it goes to stderr. It starts
this installation with the runtime running this command (node, bun or deno).`,
  usage: `web-mcp usage — what calls spent: today, the last 7 days and the last 30 (UTC days)

Usage: web-mcp usage [--json]

  --json             one JSON object (windows.today/days7/days30, days, brave, plan)
  --help             print this help

It reads the ledger in the cache directory (WEB_MCP_CACHE_DIR): one record per
call, counts only, never a question, goal or URL. How to read it:
  calls / from cache   tool calls, and the share answered without a new run
  Claude runs          claude -p runs started, with their turns and tokens
  list price           the cost Claude Code reports at API list prices; a Claude
                       subscription is not billed by it, it measures plan use
  Brave requests       requests this month against BRAVE_MONTHLY_QUOTA (default
                       2000, the free plan) and the key's per-second rate
  Claude plan          the plan's last state: allowed, allowed_warning (replies'
                       meta say so) or rejected (calls that need a run answer
                       rate_limited at once until the reset; cached ones still come)
Exit status: 0, or 1 when the configuration or the ledger cannot be read.`,
} as const;
