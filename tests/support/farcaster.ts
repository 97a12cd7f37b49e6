/**
 * Stand-ins for Farcaster's side of notifications, each a real local HTTP server, so the app runs
 * its production code against them: a hub that answers the app-key check the way Neynar's does,
 * a Farcaster client's notification url, and a Quick Auth server. Webhook events are signed as a
 * client signs them: JSON Farcaster Signatures, Ed25519 over `header.payload`, with an app key
 * generated here.
 */
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { signedKeyRequestAbi } from "@farcaster/miniapp-node";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import * as AbiParameters from "ox/AbiParameters";
import { freePort } from "@/tests/support/free-port";

export const WARPCAST_FID = 9152;

/** An Ed25519 app key of a user's Farcaster client. */
export interface AppKey {
  fid: number;
  appFid: number;
  /** "0x" + the 32-byte public key in hex, as the JFS header names it. */
  key: string;
  privateKey: KeyObject;
}

export function newAppKey(fid: number, appFid = WARPCAST_FID): AppKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x as string;
  return { fid, appFid, key: `0x${Buffer.from(x, "base64url").toString("hex")}`, privateKey };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A webhook body: `event` signed by `appKey`, in the JSON Farcaster Signature format. */
export function signedEvent(appKey: AppKey, event: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const encodedHeader = b64url({ fid: appKey.fid, type: "app_key", key: appKey.key, ...header });
  const payload = b64url(event);
  const signature = sign(null, Buffer.from(`${encodedHeader}.${payload}`), appKey.privateKey).toString("base64url");
  return { header: encodedHeader, payload, signature };
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${port}` };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * A hub answering GET /v1/onChainSignersByFid the way Neynar's does: each registered app key is
 * an on-chain signer of its fid, with the SignedKeyRequest metadata naming its client app.
 */
export async function startFakeHub() {
  const signers: AppKey[] = [];
  const apiKeys: (string | undefined)[] = [];
  let down = false;
  const { server, url } = await listen((req, res) => {
    apiKeys.push(req.headers["x-api-key"] as string | undefined);
    const fid = Number(new URL(req.url ?? "/", "http://hub").searchParams.get("fid"));
    if (down) return void res.writeHead(503).end("unavailable");
    const events = signers
      .filter((s) => s.fid === fid)
      .map((s) => ({
        signerEventBody: {
          key: s.key,
          metadata: Buffer.from(
            AbiParameters.encode(signedKeyRequestAbi, [
              { requestFid: BigInt(s.appFid), requestSigner: "0x0000000000000000000000000000000000000001", signature: "0x", deadline: 0n },
            ]).slice(2),
            "hex",
          ).toString("base64"),
        },
      }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ events }));
  });
  return {
    url,
    register: (appKey: AppKey) => signers.push(appKey),
    setDown: (value: boolean) => (down = value),
    apiKeys,
    stop: () => close(server),
  };
}

export interface ReceivedNotification {
  notificationId: string;
  title: string;
  body: string;
  targetUrl: string;
  tokens: string[];
}

export type NotificationReplyPlan = (tokens: string[]) => { status?: number; invalid?: string[]; rateLimited?: string[] } | "hang";

/**
 * A Farcaster client's notification url: records every request and answers as `plan` says (every
 * token accepted by default). A request it leaves hanging stays open until the sender gives up
 * (counted by `givenUp`) or stop() closes it.
 */
export async function startNotificationServer(plan: NotificationReplyPlan = () => ({})) {
  const received: ReceivedNotification[] = [];
  let current = plan;
  let givenUp = 0;
  let stopping = false;
  const { server, url } = await listen(async (req, res) => {
    const request = JSON.parse(await bodyOf(req)) as ReceivedNotification;
    received.push(request);
    const answer = current(request.tokens);
    if (answer === "hang") {
      res.once("close", () => {
        if (!stopping) givenUp++;
      });
      return;
    }
    const invalid = answer.invalid ?? [];
    const rateLimited = answer.rateLimited ?? [];
    const successful = request.tokens.filter((t) => !invalid.includes(t) && !rateLimited.includes(t));
    res
      .writeHead(answer.status ?? 200, { "content-type": "application/json" })
      .end(JSON.stringify({ result: { successfulTokens: successful, invalidTokens: invalid.filter((t) => request.tokens.includes(t)), rateLimitedTokens: rateLimited.filter((t) => request.tokens.includes(t)) } }));
  });
  return {
    url: `${url}/v1/frame-notifications`,
    received,
    /** Hanging requests whose sender closed the connection: it stopped waiting. */
    givenUp: () => givenUp,
    setPlan: (next: NotificationReplyPlan) => (current = next),
    stop: () => {
      stopping = true;
      return close(server);
    },
  };
}

/**
 * A Quick Auth server: its key set at /.well-known/jwks.json, and the two calls the mini-app SDK
 * makes (POST /nonce, POST /verify-siwf, which answers a token for the fid of the signed-in message
 * without checking the signature: the host under test is trusted). `token()` signs one directly;
 * `setDown(true)` makes its key set unreadable (503).
 */
export async function startQuickAuthServer() {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test", alg: "RS256", use: "sig" };
  let origin = "";
  let down = false;
  const token = (fid: number, domain: string, options: { key?: CryptoKey; expiresIn?: string; issuer?: string } = {}) =>
    // Quick Auth's subject is the fid as a number, not the usual string.
    new SignJWT({ sub: fid } as unknown as JWTPayload)
      .setProtectedHeader({ alg: "RS256", kid: "test" })
      .setIssuer(options.issuer ?? origin)
      .setAudience(domain)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "1h")
      .sign(options.key ?? privateKey);
  const { server, url } = await listen(async (req, res) => {
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type", "content-type": "application/json" };
    if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
    if (req.url === "/.well-known/jwks.json") return void (down ? res.writeHead(503, cors).end("{}") : res.writeHead(200, cors).end(JSON.stringify({ keys: [jwk] })));
    if (req.url === "/nonce") return void res.writeHead(200, cors).end(JSON.stringify({ nonce: "refboardtestnonce" }));
    if (req.url === "/verify-siwf") {
      const { message, domain } = JSON.parse(await bodyOf(req)) as { message: string; domain: string };
      const fid = Number(/farcaster:\/\/fid\/(\d+)/.exec(message)?.[1]);
      return void res.writeHead(200, cors).end(JSON.stringify({ valid: true, token: await token(fid, domain) }));
    }
    res.writeHead(404, cors).end("{}");
  });
  origin = url;
  return { origin: url, token, setDown: (value: boolean) => (down = value), stop: () => close(server) };
}
