// How long each kind of call may take, in one place: the research depths (R-U5), the page tools,
// and a call that hears no progress. WEB_MCP_CALL_SECONDS caps them all (src/call-context.ts).

export const CALL_BUDGET_MS = {
  quick: 90_000,
  standard: 180_000,
  deep: 300_000,
  /** web_read and web_page: fetch, read, wait for a slot and the run together. */
  page: 90_000,
} as const;

/** A caller without a progress token commonly gives up at 60 s (the MCP SDKs' default): answer before. */
export const NO_PROGRESS_SECONDS = 55;
