/**
 * What every slice of the environment (lib/config/schema.ts) parses with: the zod forms of
 * environment variables, and the error a bad value stops start-up with.
 */
import "server-only";
import { z } from "zod";

/** Vercel and .env files leave unset variables as ""; treat those as absent. */
export const optional = z
  .string()
  .transform((v) => v.trim())
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const address = z
  .string()
  .regex(/^0x[a-fA-F0-9]{40}$/, "must be a 0x-prefixed 20-byte address")
  .transform((v) => v.toLowerCase() as `0x${string}`);

/** "a, b,c" -> ["a", "b", "c"]: the form of every list variable. */
export const commaList = z.string().transform((v) => v.split(",").map((item) => item.trim()).filter(Boolean));

/** A whole number within [min, max]; unset or empty (as Vercel and .env files leave it) is the fallback. */
export const integer = (fallback: number, min: number, max: number) =>
  optional.pipe(z.coerce.number<string | undefined>().int().min(min).max(max).optional()).transform((v) => v ?? fallback);

export class ConfigError extends Error {}

/** A ConfigError naming every variable zod refused, and why. */
export function invalidConfiguration(issues: readonly z.core.$ZodIssue[]): ConfigError {
  return new ConfigError(`Invalid configuration: ${issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
}
