// POST /api/auth/verify: check a signed EIP-4361 message and start the wallet's session cookie
import { handle } from "@/lib/api/handle";
import { signInBody } from "@/lib/api/schemas";
import { NO_STORE, verifySignIn } from "@/lib/auth/service";

export const POST = handle({ body: signInBody, rateLimit: { ip: "writes" } }, async ({ body, origin }) => {
  const { address, cookie } = await verifySignIn(body, origin);
  return Response.json({ ok: true, address }, { headers: { ...NO_STORE, "set-cookie": cookie } });
});
