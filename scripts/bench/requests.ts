/**
 * What every bench row is made of: the Endpoint a row drives, and the request builders its sequences
 * use. Reads pick a seeded wallet at random (so they hit a store of the stated size); writes use fresh
 * wallets, so each request does the real work instead of an idempotent no-op.
 */
import { randomBytes } from "node:crypto";
import type { RequestSpec } from "autocannon";

export interface Population {
  /** A random wallet of the seeded dataset. */
  seeded(): string;
  /** The seeded wallet of index i modulo the dataset's size: wallets in turn, for writes that must not meet. */
  nth(i: number): string;
}

export interface Endpoint {
  /** "METHOD /path", the row label. */
  name: string;
  /** What the floor's empty route does beside it: a GET, or a POST whose JSON body it reads (a PATCH or a DELETE: the POST). */
  method: "GET" | "POST";
  writes: boolean;
  /**
   * Measured only at each backend's largest stage of the run: CPU per request, CPU/floor and round trips,
   * no claim about how it grows with N. The endpoints a team or a visitor calls beside the public ones.
   */
  coverage?: true;
  /** false: no bare twin (bare-routes.ts has no handler for it), so the row's bare columns are "-". */
  bare?: false;
  /**
   * For endpoints too heavy for the stage's load (an export or a plan of the whole board): each run
   * (warm-up, counting run, each CPU slice) sends `requests` over `connections`, and the counting run is
   * also the measured one.
   */
  load?: { requests: number; connections: number };
  /**
   * Run once on the stage's `next start` before the row is driven: makes what its requests name (a
   * webhook endpoint, a plan, signed sign-in messages). `requests`: at most how many the row sends.
   */
  prepare?: (baseUrl: string, requests: number) => Promise<void>;
  /** One pass of a connection's sequence; requests marked `expect` are the expected 4xx. */
  sequence(population: Population): Step[];
}

export interface Step {
  request: RequestSpec;
  /** This request must answer this status (and only this one counts as "expected" when it is not 2xx). */
  expect?: { status: number; error: string };
}

export const fresh = () => `0x${randomBytes(20).toString("hex")}`;
/** ADMIN_TOKEN of the servers under test: the console's endpoints exist only with admin access configured. */
export const BENCH_ADMIN_TOKEN = randomBytes(24).toString("hex");
export const json = { "content-type": "application/json" };
export const adminAuth = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };

export function get(path: (population: Population) => string, headers?: Record<string, string>): Endpoint["sequence"] {
  return (population) => [{ request: { method: "GET", ...(headers && { headers }), setupRequest: (req) => ({ ...req, path: path(population) }) } }];
}

/** A request with a JSON body made for each request (a POST unless told otherwise). */
export function post(
  path: string,
  body: (population: Population) => unknown,
  headers: Record<string, string> = json,
  method = "POST",
): Endpoint["sequence"] {
  return (population) => [
    {
      request: {
        method,
        path,
        headers,
        setupRequest: (req) => ({ ...req, body: JSON.stringify(body(population)) }),
      },
    },
  ];
}

/** A JSON POST for a wallet of the connection's sequence; `first` makes a fresh wallet for it. */
export function walletStep(path: string, body: (wallet: string) => object, first = false, headers = json): RequestSpec {
  return {
    method: "POST",
    path,
    headers,
    setupRequest: (req, context) => {
      if (first) context.wallet = fresh();
      return { ...req, body: JSON.stringify(body(context.wallet as string)) };
    },
  };
}
