import { readFileSync } from "node:fs";

// Shared with lib/http/method-guard.ts, which answers some requests before Next.js applies these.
const responseHeaders = JSON.parse(readFileSync(new URL("./lib/http/response-headers.json", import.meta.url), "utf8"));
const headerList = (headers) => Object.entries(headers).map(([key, value]) => ({ key, value }));

// Large packages the server loads from node_modules instead of bundling: `next dev` would otherwise
// compile each of them once per server graph (page, route handlers, instrumentation, proxy), and
// viem alone is over 1,000 modules. The browser bundles are unchanged.
const serverOnlyLoaded = ["viem", "zod", "@farcaster/miniapp-node", "@farcaster/quick-auth"];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and Node-only drivers stay out of the bundle and load from node_modules at run time.
  // The build type-checks what ships; `npm test` type-checks everything (tests, scripts) with tsc,
  // a superset, so its own build skips the same check (REFBOARD_TYPECHECK_DONE=1, set by npm test
  // only, which fails the run on tsc's errors). Any other `next build` type-checks as usual.
  typescript: { tsconfigPath: "tsconfig.build.json", ignoreBuildErrors: process.env.REFBOARD_TYPECHECK_DONE === "1" },
  // `next dev` serves its scripts, HMR socket and dev overlay only to pages on the host it was started
  // with (-H) and on localhost; `npm run dev` starts without -H, so a page on http://127.0.0.1:3000 or
  // http://[::1]:3000 loaded but never hydrated. Matched against the page's hostname, any port.
  allowedDevOrigins: ["127.0.0.1", "[::1]"],
  serverExternalPackages: ["better-sqlite3", "redis", "@redis/client", ...serverOnlyLoaded],
  // `next dev` only (production builds compile everything): the targets of dynamic import() (wagmi
  // after hydration, RainbowKit and WalletConnect on the first press of Connect, the Farcaster SDK,
  // the store's driver) compile when first requested, not with the first page.
  experimental: { turbopackLazyDynamicImports: true, turbopackLazyDynamicImportsSSR: true },
  // Headers every response gets. The pages' Content-Security-Policy (nonce, FRAME_ANCESTORS) is
  // per request, in proxy.ts; the API answers JSON, which needs a policy that allows nothing.
  async headers() {
    return [
      { source: "/:path*", headers: headerList(responseHeaders.everyResponse) },
      { source: "/api/:path*", headers: headerList(responseHeaders.apiResponse) },
    ];
  },
};

export default nextConfig;
