/** Drives one endpoint of one server with autocannon and keeps what the report needs. */
import autocannon, { type RequestSpec } from "autocannon";
import type { Endpoint, Population } from "@/scripts/bench/requests";

export const CONNECTIONS = 50;

export interface LoadOptions {
  connections?: number;
  /** Seconds of load; ignored when `amount` is set. */
  duration?: number;
  /** Exactly this many responses, then stop (no request left in flight). */
  amount?: number;
}

export interface LoadResult {
  responses: number;
  seconds: number;
  rps: number;
  /** Latency percentiles in ms over every response (2xx and expected 4xx). */
  p50: number;
  p99: number;
  /** Non-2xx the sequence expects (the check-in's and the daily quest's cooldown). */
  expected4xx: number;
  /** Everything else that is not a 2xx: other statuses, an expected 4xx that came back 2xx, socket errors, timeouts. */
  unexpected: number;
  statuses: Record<string, number>;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function drive(baseUrl: string, endpoint: Endpoint, population: Population, options: LoadOptions): Promise<LoadResult> {
  let expected4xx = 0;
  let unexpected = 0;
  const requests: RequestSpec[] = endpoint.sequence(population).map(({ request, expect }) => ({
    ...request,
    onResponse: (status, body, context, headers) => {
      request.onResponse?.(status, body, context, headers);
      if (expect) {
        if (status === expect.status && body.includes(expect.error)) expected4xx++;
        else unexpected++;
      } else if (status < 200 || status >= 300) {
        unexpected++;
      }
    },
  }));
  let latencies = new Float64Array(1 << 14);
  let count = 0;
  const statuses: Record<string, number> = {};
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: options.connections ?? CONNECTIONS,
        // autocannon notices the end of a run at its next sample tick (1 s by default).
        sampleInt: 50,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 5 }),
        requests,
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = (performance.now() - started) / 1000;
        const sorted = latencies.slice(0, count).sort();
        resolve({
          responses: count,
          seconds,
          rps: count / seconds,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          expected4xx,
          unexpected: unexpected + result.errors + result.timeouts,
          statuses,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}
