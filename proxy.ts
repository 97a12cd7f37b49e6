/**
 * Runs before every page (not the API, not static files): a fresh CSP nonce per request, the
 * page's Content-Security-Policy on the response, and the same header on the request, where
 * Next.js reads the nonce to put on its scripts. frame-ancestors comes from FRAME_ANCESTORS
 * at run time. Strict-Transport-Security when the page is on an https origin the operator
 * configured (lib/domain/public-origin.ts says when, and why that and not X-Forwarded-Proto).
 * The headers every response gets (nosniff, Referrer-Policy, the API's CSP) are
 * in next.config.mjs. Security decisions about data (sessions, limits) are NOT made here:
 * they are in each route's handle() spec.
 */
import { NextResponse, type NextRequest } from "next/server";
import { publicOrigin, strictTransportSecurity } from "@/lib/domain/public-origin";
import { contentSecurityPolicy, newNonce } from "@/lib/auth/security-headers";
import { headersConfig, publicOriginsConfig } from "@/lib/config";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(headersConfig(), nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  const hsts = strictTransportSecurity(publicOrigin(request.headers, publicOriginsConfig()));
  if (hsts) response.headers.set("strict-transport-security", hsts);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api(?:/|$)|_next/static|_next/image|favicon\\.ico|icon\\.svg|apple-icon\\.png).*)",
      // Prefetches get no HTML of their own to protect.
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
