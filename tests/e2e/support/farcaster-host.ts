/**
 * A stand-in Farcaster client for the browser tests: a page on its own origin
 * that loads the app in an iframe and answers the mini-app SDK over comlink,
 * the way Farcaster's web client does. It records every call, holds a wallet
 * address for ethProviderRequestV2, and can reject addMiniApp.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Page } from "@playwright/test";
import { freePort } from "@/tests/support/free-port";

export interface HostCall {
  method: string;
  args: unknown[];
}

const comlinkUmd = () => readFileSync("node_modules/comlink/dist/umd/comlink.min.js", "utf8");

function hostHtml(appUrl: string, address: string, options: { rejectAdd: boolean }): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Farcaster (test host)</title>
<script>${comlinkUmd()}</script></head>
<body style="margin:0"><iframe id="app" src="${appUrl}" style="width:420px;height:900px;border:0"></iframe>
<script>
  const calls = (window.__hostCalls = []);
  const record = (method, args) => calls.push({ method, args: JSON.parse(JSON.stringify(args ?? [])) });
  const address = ${JSON.stringify(address)};
  let chainId = "0x2105";
  const host = {
    context: { user: { fid: 4242, username: "tester" }, client: { clientFid: 9152, added: false }, features: {} },
    ready(...a) { record("ready", a); },
    getCapabilities() { return ["wallet.getEthereumProvider", "actions.ready", "actions.openUrl", "actions.addMiniApp", "actions.composeCast"]; },
    getChains() { return ["eip155:8453"]; },
    openUrl(...a) { record("openUrl", a); },
    composeCast(...a) { record("composeCast", a); return { cast: null }; },
    addFrame(...a) { record("addFrame", a); return ${options.rejectAdd} ? { error: { type: "rejected_by_user" } } : { result: {} }; },
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
export async function openInFarcasterHost(page: Page, appUrl: string, address: string, options = { rejectAdd: false }) {
  const html = hostHtml(appUrl, address, options);
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
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
