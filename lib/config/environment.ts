/**
 * The one cache of the configuration. The environment is read slice by slice (lib/config/schema.ts):
 * each slice is parsed the first time a view asks for it, and each view (config, site, headers,
 * public origins) is built once from its slices. A slice that fails is not kept, so it fails again,
 * with the same message, wherever it is read next.
 */
import "server-only";
import type { z } from "zod";
import { invalidConfiguration } from "@/lib/config/env";
import { SLICES, type Slice, type SliceName } from "@/lib/config/schema";

export type EnvSource = Record<string, string | undefined>;

export class Environment {
  readonly #source: EnvSource;
  readonly #slices = new Map<SliceName, unknown>();
  readonly #views = new Map<(env: Environment) => unknown, unknown>();

  constructor(source: EnvSource) {
    this.#source = source;
  }

  /** The named slices; bad values in any of them are one ConfigError naming every variable refused. */
  read<N extends SliceName>(...names: N[]): { [K in N]: Slice<K> } {
    const issues: z.core.$ZodIssue[] = [];
    for (const name of names) {
      if (this.#slices.has(name)) continue;
      const parsed = SLICES[name].safeParse(this.#source);
      if (parsed.success) this.#slices.set(name, parsed.data);
      else issues.push(...parsed.error.issues);
    }
    if (issues.length > 0) throw invalidConfiguration(issues);
    return Object.fromEntries(names.map((name) => [name, this.#slices.get(name)])) as { [K in N]: Slice<K> };
  }

  /** What `build` makes of this environment, built on first use. */
  view<T>(build: (env: Environment) => T): T {
    if (!this.#views.has(build)) this.#views.set(build, build(this));
    return this.#views.get(build) as T;
  }
}

let processEnvironment: Environment | undefined;

/** The process's environment, read through this one cache by every view. */
export function environment(): Environment {
  processEnvironment ??= new Environment(process.env);
  return processEnvironment;
}
