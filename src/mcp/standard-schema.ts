// Hands the SDK a tool's input schema as a precomputed JSON Schema. The SDK's
// own validation is a pass-through: the handler validates with valibot so a bad
// argument comes back as an `invalid_input` tool error naming the field.
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export function precomputedSchema(schema: v.GenericSchema): StandardSchemaWithJSON<unknown> {
  const { $schema: _ignored, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    errorMode: 'throw',
  }) as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: 'web-mcp',
      validate: (value) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}
