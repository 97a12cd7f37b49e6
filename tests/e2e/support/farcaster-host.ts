/**
 * A stand-in Farcaster client for the browser tests: a page on its own origin
 * that loads the app in an iframe and answers the mini-app SDK over comlink,
 * the way Farcaster's web client does. It records every call, holds a wallet
 * address for ethProviderRequestV2, and can reject addMiniApp. With `onAdd`, adding the app turns
 * notifications on the way a client does: the host's server sends the app its signed webhook event
 * (onAdd does that) and hands the SDK the notification details; signIn answers Quick Auth's
 * Sign In With Farcaster request for the user's fid.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Page } from "@playwright/test";
import { getAddress } from "viem";
import { freePort } from "@/tests/support/free-port";

const checksum = (address: string) => getAddress(address);

export interface HostCall {
  method: string;
  args: unknown[];
}

const comlinkUmd = () => readFileSync("node_modules/comlink/dist/umd/comlink.min.js", "utf8");

export interface HostOptions {
  rejectAdd?: boolean;
  /** The user's fid in the context and in Sign In With Farcaster (4242 unless set). */
  fid?: number;
  /** Called by the host's server when the user adds the app; its details (if any) go back to the SDK. */
  onAdd?: () => Promise<{ url: string; token: string } | null>;
}

function hostHtml(appUrl: string, address: string, options: HostOptions): string {
  const fid = options.fid ?? 4242;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Farcaster (test host)</title>
<script>${comlinkUmd()}</script></head>
<body style="margin:0"><iframe id="app" src="${appUrl}" style="width:420px;height:900px;border:0"></iframe>
<script>
  const calls = (window.__hostCalls = []);
  const record = (method, args) => calls.push({ method, args: JSON.parse(JSON.stringify(args ?? [])) });
  const address = ${JSON.stringify(address)};
  let chainId = "0x2105";
  const host = {
    context: { user: { fid: ${fid}, username: "tester" }, client: { clientFid: 9152, added: false }, features: {} },
    ready(...a) { record("ready", a); },
    getCapabilities() { return ["wallet.getEthereumProvider", "actions.ready", "actions.openUrl", "actions.addMiniApp", "actions.composeCast", "actions.signIn"]; },
    getChains() { return ["eip155:8453"]; },
    openUrl(...a) { record("openUrl", a); },
    composeCast(...a) { record("composeCast", a); return { cast: null }; },
    async addFrame(...a) {
      record("addFrame", a);
      if (${Boolean(options.rejectAdd)}) return { error: { type: "rejected_by_user" } };
      const added = await (await fetch("/added", { method: "POST" })).json();
      return { result: added.notificationDetails ? { notificationDetails: added.notificationDetails } : {} };
    },
    signIn({ nonce }) {
      record("signIn", [nonce]);
      const domain = new URL(${JSON.stringify(appUrl)}).host;
      const message = [
        domain + " wants you to sign in with your Ethereum account:",
        ${JSON.stringify(checksum(address))},
        "",
        "Farcaster Auth",
        "",
        "URI: " + new URL(${JSON.stringify(appUrl)}).origin + "/",
        "Version: 1",
        "Chain ID: 10",
        "Nonce: " + nonce,
        "Issued At: " + new Date().toISOString(),
        "Resources:",
        "- farcaster://fid/${fid}",
      ].join("\\n");
      return { result: { message, signature: "0x" + "11".repeat(65), authMethod: "authAddress" } };
    },
    addMiniApp(...a) { record("addMiniApp", a); return { result: {} }; },
    eip6963RequestProvider() {},
    updateBackState() {},
    ethProviderRequestV2(request) {
      record("eth:" + request.method, request.params);
      const ok = (result) => ({ jsonrpc: "2.0", id: request.id, result });
      switch (request.method) {
        case "eth_requestAccounts": case "eth_accounts": return ok([address]);
        case "eth_chainId": return ok(chainId);
        case "wallet_switchEthereumChain": chainId = request.params[0].chainId; return ok(null);
        default: return { jsonrpc: "2.0", id: request.id, error: { code: 4200, message: "unsupported" } };
      }
    },
  };
  const frame = document.getElementById("app");
  Comlink.expose(host, Comlink.windowEndpoint(frame.contentWindow, window, "*"));
</script></body></html>`;
}

/**
 * Serves the host page from a real loopback server (Chromium blocks a frame that a
 * page with no network address, such as a route-fulfilled one, points at 127.0.0.1),
 * opens it, and returns the app's frame, the host's call log and a stop function.
 */
export async function openInFarcasterHost(page: Page, appUrl: string, address: string, options: HostOptions = {}) {
  const html = hostHtml(appUrl, address, options);
  const server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/added") {
      void (options.onAdd?.() ?? Promise.resolve(null)).then(
        (notificationDetails) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ notificationDetails })),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end(html);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // "localhost" is another origin than the app's 127.0.0.1: the app runs cross-origin, as in a real client.
  await page.goto(`http://localhost:${port}/`);
  return {
    app: page.frameLocator("#app"),
    calls: () => page.evaluate(() => (window as unknown as { __hostCalls: HostCall[] }).__hostCalls),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
