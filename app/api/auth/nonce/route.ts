// GET /api/auth/nonce: a single-use EIP-4361 nonce for the next sign-in message (WALLET_AUTH=siwe)
import { routes } from "@/lib/contract/routes";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { createSignInNonce, NO_STORE } from "@/lib/auth/service";
import { deps } from "@/lib/services/context";

export const GET = handle(routes.nonce, async () =>
  Response.json({ nonce: await createSignInNonce(deps) }, { headers: NO_STORE }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
