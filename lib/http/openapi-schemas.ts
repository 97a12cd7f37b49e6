/**
 * zod schemas as JSON Schema for the OpenAPI document, and the named response schemas
 * (components) that its operations refer to.
 */
import { z } from "zod";
import * as api from "@/lib/contract/schemas";
import { NamedSchema, type DocSchema } from "@/lib/contract/route-spec";

export type JsonSchema = Record<string, unknown>;

/** zod -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1), without the per-schema $schema line. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    override: ({ zodSchema, jsonSchema: out }) => {
      // The refCode rule lives in a transform, which JSON Schema cannot see: say it here.
      if (zodSchema === api.refCodeSchema) Object.assign(out, { minLength: 8, maxLength: 8, description: "8 characters, any case" });
    },
  });
  return rest;
}

export const components: Record<string, JsonSchema> = {};

/** A response schema as the document writes it: each NamedSchema in it registered under its name and referred to. */
export function docSchema(schema: DocSchema): JsonSchema {
  if (schema instanceof NamedSchema) {
    components[schema.name] ??= jsonSchema(schema.schema, "output");
    return { $ref: `#/components/schemas/${schema.name}` };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inner(value)]));
}

function inner(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inner);
  if (value instanceof NamedSchema || (typeof value === "object" && value !== null)) return docSchema(value as DocSchema);
  return value;
}
