/**
 * The sign-in use cases behind app/api/auth/*: nonce, verify, session, logout. The signature
 * verifier (with its RPC client, when RPC_URL is set) is built once per process.
 */
import "server-only";
import type { AuthDeps } from "@/lib/auth/deps";
import { errors } from "@/lib/contract/errors";
import type { SessionResponse } from "@/lib/contract/schemas";
import { endSession, readSession, startSession } from "@/lib/auth/session";
import { createSignatureVerifier, type SignatureVerifier } from "@/lib/auth/signature";
import { issueNonce, signIn } from "@/lib/auth/sign-in";
import { config, type SignInConfig } from "@/lib/config";
import type { Wallet } from "@/lib/domain/wallet";

/** Auth responses are per visitor and short-lived: never cached. */
export const NO_STORE = { "cache-control": "no-store" } as const;

let verifier: SignatureVerifier | undefined;

/** Sign-in is on with WALLET_AUTH=siwe, and for the console's admins with ADMIN_WALLETS. */
function siwe(): SignInConfig {
  const signIn = config().signIn;
  if (!signIn) throw errors.signInOff();
  return signIn;
}

/** GET /api/auth/nonce */
export async function createSignInNonce(deps: AuthDeps): Promise<string> {
  const auth = siwe();
  return issueNonce(await deps(), auth.nonceTtlSeconds);
}

/** POST /api/auth/verify: the signed-in wallet and the Set-Cookie that starts its session. */
export async function verifySignIn(
  input: { message: string; signature: `0x${string}` },
  origin: string,
  deps: AuthDeps,
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
export async function currentSession(request: Request, origin: string, deps: AuthDeps): Promise<SessionResponse> {
  const { auth, signIn } = config();
  if (!signIn) return { address: null, authRequired: false, chainId: null, expiresAt: null };
  const session = await readSession(request, origin, signIn.session, (await deps()).clock());
  return {
    address: session?.address ?? null,
    authRequired: auth.mode === "siwe",
    chainId: signIn.chainId ?? null,
    expiresAt: session?.expiresAt ?? null,
  };
}

/** POST /api/auth/logout: the Set-Cookie that clears the session (harmless when there is none). */
export function signOut(origin: string): string {
  return endSession(origin);
}
