/**
 * The Upstash REST test bridge in its own process, so that serving the REST protocol does
 * not compete with autocannon for the benchmark's event loop. Started by services.ts with
 * an IPC channel: sends { url } once listening, answers "requests" with { requests }.
 *
 *   node --conditions=react-server --import tsx scripts/bench/bridge-process.ts <redisUrl> <token>
 */
import { startUpstashBridge } from "@/tests/support/upstash-bridge";

const [redisUrl, token] = process.argv.slice(2);
if (!redisUrl || !token || !process.send) {
  console.error("usage (with an IPC channel): bridge-process.ts <redisUrl> <token>");
  process.exit(2);
}

void startUpstashBridge(redisUrl, token).then((bridge) => {
  process.on("message", (message) => {
    if (message === "requests") process.send?.({ requests: bridge.requests() });
  });
  process.once("SIGTERM", () => void bridge.stop().finally(() => process.exit(0)));
  process.send?.({ url: bridge.url });
});
