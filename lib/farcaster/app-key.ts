/**
 * The check every webhook event's signer goes through: is this Ed25519 app key one of the fid's
 * on-chain signers, and which client app requested it? Asked of a Farcaster hub: Neynar's in
 * production (its API key in the x-api-key header), another one where NEYNAR_HUB_URL says so.
 * The library's verifyAppKeyWithNeynar reads the key from the environment once, at import; this
 * takes it from the parsed configuration instead.
 */
import "server-only";
import { createVerifyAppKeyWithHub, type VerifyAppKey } from "@farcaster/miniapp-node";

export type { VerifyAppKey } from "@farcaster/miniapp-node";

export function createAppKeyCheck(hubUrl: string, apiKey: string, timeoutMs: number): VerifyAppKey {
  // A signal per check: the library passes its options to every fetch, and a timeout signal runs from its creation.
  return (fid, appKey) => createVerifyAppKeyWithHub(hubUrl, { headers: { "x-api-key": apiKey }, signal: AbortSignal.timeout(timeoutMs) })(fid, appKey);
}
