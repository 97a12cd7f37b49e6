/**
 * The sign-in use cases behind app/api/auth/*: nonce, verify, session, logout. The signature
 * verifier (with its RPC client, when RPC_URL is set) is built once per process.
 */
import "server-only";
import { errors } from "@/lib/api/errors";
import type { SessionResponse } from "@/lib/api/schemas";
import { endSession, readSession, startSession } from "@/lib/auth/session";
import { createSignatureVerifier, type SignatureVerifier } from "@/lib/auth/signature";
import { issueNonce, signIn } from "@/lib/auth/sign-in";
import { config, type AuthConfig } from "@/lib/config";
import type { Wallet } from "@/lib/domain/wallet";
import { deps } from "@/lib/services/context";

type SiweConfig = Extract<AuthConfig, { mode: "siwe" }>;

/** Auth responses are per visitor and short-lived: never cached. */
export const NO_STORE = { "cache-control": "no-store" } as const;

let verifier: SignatureVerifier | undefined;

function siwe(): SiweConfig {
  const auth = config().auth;
  if (auth.mode !== "siwe") throw errors.signInOff();
  return auth;
}

/** GET /api/auth/nonce */
export async function createSignInNonce(): Promise<string> {
  const auth = siwe();
  return issueNonce(await deps(), auth.nonceTtlSeconds);
}

/** POST /api/auth/verify: the signed-in wallet and the Set-Cookie that starts its session. */
export async function verifySignIn(
  input: { message: string; signature: `0x${string}` },
  origin: string,
): Promise<{ address: Wallet; cookie: string }> {
  const auth = siwe();
  verifier ??= createSignatureVerifier({ rpcUrl: auth.rpcUrl, chainId: auth.chainId, timeoutMs: auth.rpcTimeoutMs });
  const { store, clock } = await deps();
  const address = await signIn(
    { store, clock, verifySignature: verifier },
    input,
    { origin, allowedOrigins: auth.origins, chainId: auth.chainId },
  );
  return { address, cookie: await startSession(address, clock(), auth.session, origin) };
}

/** GET /api/auth/session: who is signed in, and whether writes need it. */
export async function currentSession(request: Request, origin: string): Promise<SessionResponse> {
  const auth = config().auth;
  if (auth.mode === "off") return { address: null, authRequired: false, chainId: null, expiresAt: null };
  const session = await readSession(request, origin, auth.session, (await deps()).clock());
  return {
    address: session?.address ?? null,
    authRequired: true,
    chainId: auth.chainId ?? null,
    expiresAt: session?.expiresAt ?? null,
  };
}

/** POST /api/auth/logout: the Set-Cookie that clears the session (harmless when there is none). */
export function signOut(origin: string): string {
  return endSession(origin);
}
