// A tiny tool for tests of the server plumbing (guard, transports), independent of any backend.
import * as v from 'valibot';
import type { ToolDef } from '../../src/mcp/tool.ts';

export const echoTool: ToolDef<{ text: string }> = {
  name: 'echo',
  tier: 'basic',
  description: 'Echoes text.',
  input: v.object({ text: v.pipe(v.string(), v.minLength(1)) }),
  run: async ({ text }) => text,
};
