/**
 * What lib/auth reaches of the process, its store and clock, passed in by the caller from the
 * composition root (deps() of lib/services/context.ts). A getter, called only when a check
 * needs them, so a refusal that needs neither (no admin configured, a wrong bearer token) never
 * opens the store.
 */
import type { Deps } from "@/lib/services/context";

export type AuthDeps = () => Promise<Pick<Deps, "store" | "clock">>;
