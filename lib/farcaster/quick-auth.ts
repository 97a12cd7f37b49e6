/**
 * Quick Auth: a Farcaster client signs the user in to the Quick Auth server, which hands the app
 * a JWT whose subject is the fid. The server checks it against the Quick Auth server's keys
 * (fetched once and cached by the library) and the app's own domain.
 */
import "server-only";
import { createClient } from "@farcaster/quick-auth";

/** The fid a token proves, or null when the token does not prove one (forged, expired, another domain). Throws when the keys cannot be read. */
export type QuickAuthCheck = (token: string, domain: string) => Promise<number | null>;

/** jose's codes for a token that is wrong in itself; any other failure (the key set unreachable, say) is ours to report as such. */
const INVALID_TOKEN_CODES = /^ERR_(JWT_|JWS_|JWE_|JOSE_NOT_SUPPORTED|JOSE_ALG_NOT_ALLOWED|JWKS_NO_MATCHING_KEY|JWKS_MULTIPLE_MATCHING_KEYS)/;

export function createQuickAuthCheck(origin: string): QuickAuthCheck {
  const client = createClient({ origin });
  return async (token, domain) => {
    try {
      const fid = Number((await client.verifyJwt({ token, domain })).sub);
      return Number.isSafeInteger(fid) && fid > 0 ? fid : null;
    } catch (error) {
      const { name, code } = error as { name?: unknown; code?: unknown };
      if (name === "InvalidToken" || (typeof code === "string" && INVALID_TOKEN_CODES.test(code))) return null;
      throw error;
    }
  };
}
