// Hands the SDK a tool's input schema as a precomputed JSON Schema. The SDK's
// own validation is a pass-through: the handler validates with valibot so a bad
// argument comes back as an `invalid_input` tool error naming the field.
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

// Clean-up transforms, patterns and non-empty checks the handler does itself: left out of the tool list,
// whose every token small models pay for on each turn. Anything else that has no JSON
// Schema form still throws at start-up.
const CHECKED_BY_HANDLER = new Set(['trim', 'to_lower_case', 'regex', 'min_length']);

export function precomputedSchema(schema: v.GenericSchema): StandardSchemaWithJSON<unknown> {
  const { $schema: _ignored, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    errorMode: 'throw',
    overrideAction: ({ valibotAction, jsonSchema }) => {
      if (!CHECKED_BY_HANDLER.has(valibotAction.type)) return undefined;
      const { pattern: _pattern, minLength: _minLength, ...rest } = jsonSchema;
      return rest;
    },
  });
  return {
    '~standard': {
      version: 1,
      vendor: 'web-mcp',
      validate: (value) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}
