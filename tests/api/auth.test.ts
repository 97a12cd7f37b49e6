/**
 * Wallet sign-in (WALLET_AUTH=siwe) over HTTP, against the production build: real signatures
 * from local keys, an ERC-1271 smart-contract wallet on a local anvil chain, and the same
 * protected endpoints with sign-in off.
 */
import { randomBytes } from "node:crypto";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { accountOf, cookieOf, keyedWallet, signIn, siweMessage, WALLET_WRITES } from "@/tests/api/wallet-session";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { chainEnv, deploySmartWallet, startChain, type LocalChain } from "@/tests/support/chain-fixture";
import { client, type Client } from "@/tests/support/http";

const SIGN_IN_REQUIRED = { error: "Sign-in required" };
const MISMATCH = { error: "Wallet does not match the signed-in wallet" };

/** A valid body for each protected endpoint, for `wallet` (a referral to a referrer made known by a public read). */
async function writeBody(api: Client, path: string, wallet: string): Promise<Record<string, string>> {
  switch (path) {
    case "/api/referral/record": {
      const referrer = keyedWallet();
      await api.get(`/api/referral/link?user=${referrer}`);
      return { wallet, refCode: refCodeOf(referrer) };
    }
    case "/api/steam/task/complete":
      return { wallet, taskId: "fc_follow" };
    case "/api/steam/verify":
      return { wallet, taskId: "nft_mint" };
    default:
      return { wallet };
  }
}

describe("wallet sign-in (WALLET_AUTH=siwe)", () => {
  let chain: LocalChain;
  let app: AppServer;
  let api: Client;

  beforeAll(async () => {
    chain = await startChain();
    app = await startApp({ ...chainEnv(chain), WALLET_AUTH: "siwe", SESSION_SECRET: randomBytes(32).toString("hex") });
    api = client(app.baseUrl);
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await chain?.stop();
  });

  /** A nonce, a message for this server (fields overridable) and its signature by `wallet`'s key. */
  async function signed(wallet: string, overrides: Parameters<typeof siweMessage>[3] = {}) {
    const account = accountOf(wallet)!;
    const { body } = await api.get<{ nonce: string }>("/api/auth/nonce");
    const message = siweMessage(app.baseUrl, account.address, body.nonce, { chainId: chain.chainId, ...overrides });
    return { message, signature: await account.signMessage({ message }), nonce: body.nonce };
  }

  it("signs in with a real signature: 200 { ok, address }, an httpOnly SameSite=Lax cookie, and the session names the wallet", async () => {
    const wallet = keyedWallet();
    const message = await signed(wallet);
    const issuedFrom = Math.floor(Date.now() / 1000);
    const res = await api.post("/api/auth/verify", message);
    const issuedBy = Math.ceil(Date.now() / 1000);
    expect(res).toMatchObject({ status: 200, body: { ok: true, address: wallet } });
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^refboard-session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800$/);
    const session = await api.get("/api/auth/session", { cookie: cookieOf(setCookie) });
    expect(session.body).toEqual({ address: wallet, authRequired: true, chainId: chain.chainId, expiresAt: expect.any(Number) });
    // Seven days from the sign-in, on the server's clock, which is this machine's: between our readings around it.
    expect(session.body.expiresAt).toBeGreaterThanOrEqual(issuedFrom + 604_800);
    expect(session.body.expiresAt).toBeLessThanOrEqual(issuedBy + 604_800);
    expect((await api.get("/api/auth/session")).body).toMatchObject({ address: null, authRequired: true });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("a signed-in wallet writes for itself on every protected endpoint", async () => {
    const wallet = keyedWallet();
    const cookie = await signIn(app.baseUrl, accountOf(wallet)!, { chainId: chain.chainId });
    for (const path of WALLET_WRITES) {
      const res = await api.post(path, await writeBody(api, path, wallet), { cookie });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await api.post("/api/user/init", { wallet: wallet.toUpperCase().replace("0X", "0x") }, { cookie })).status).toBe(200);
  });

  it("each protected endpoint is 401 Sign-in required without a session, or with a tampered or foreign cookie", async () => {
    const wallet = keyedWallet();
    const cookie = await signIn(app.baseUrl, accountOf(wallet)!, { chainId: chain.chainId });
    const [name, value = ""] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -4)}${value.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    for (const path of WALLET_WRITES) {
      for (const headers of [{}, { cookie: tampered }, { cookie: `${name}=not-a-seal` }] as Record<string, string>[]) {
        expect(await api.post(path, await writeBody(api, path, wallet), headers), path).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
      }
    }
  });

  it("a write for another wallet is 403, on every protected endpoint", async () => {
    const cookie = await signIn(app.baseUrl, accountOf(keyedWallet())!, { chainId: chain.chainId });
    for (const path of WALLET_WRITES) {
      expect(await api.post(path, await writeBody(api, path, keyedWallet()), { cookie }), path).toMatchObject({ status: 403, body: MISMATCH });
    }
  });

  it("malformed input is still 400/413 before any session check", async () => {
    expect(await api.post("/api/user/init", { wallet: "0x12" })).toMatchObject({ status: 400, body: { error: "Invalid wallet address" } });
    expect((await api.post("/api/referral/record", "{oops")).status).toBe(400);
    expect((await api.post("/api/steam/task/complete", { wallet: keyedWallet(), pad: "x".repeat(9000) })).status).toBe(413);
  });

  it("reads stay public", async () => {
    const wallet = keyedWallet();
    for (const path of [
      `/api/referral/check?wallet=${wallet}`,
      `/api/referral/link?user=${wallet}`,
      `/api/steam/task-status?wallet=${wallet}`,
      `/api/steam/progress?wallet=${wallet}`,
      `/api/leaderboard/user?wallet=${wallet}`,
      `/api/referral/wallet-by-code?code=${refCodeOf(wallet)}`,
      "/api/leaderboard",
    ]) {
      expect((await api.get(path)).status, path).toBe(200);
    }
  });

  it("the same nonce twice is rejected, even in another message", async () => {
    const wallet = keyedWallet();
    const first = await signed(wallet);
    expect((await api.post("/api/auth/verify", first)).status).toBe(200);
    expect(await api.post("/api/auth/verify", first)).toMatchObject({ status: 401, body: { error: "Unknown, used or expired nonce" } });
    const account = accountOf(wallet)!;
    const again = siweMessage(app.baseUrl, account.address, first.nonce, { chainId: chain.chainId, statement: "again" });
    const res = await api.post("/api/auth/verify", { message: again, signature: await account.signMessage({ message: again }) });
    expect(res).toMatchObject({ status: 401, body: { error: "Unknown, used or expired nonce" } });
  });

  it("a nonce this server never issued is rejected", async () => {
    const wallet = keyedWallet();
    const account = accountOf(wallet)!;
    const message = siweMessage(app.baseUrl, account.address, "abcdefgh12345678", { chainId: chain.chainId });
    const res = await api.post("/api/auth/verify", { message, signature: await account.signMessage({ message }) });
    expect(res).toMatchObject({ status: 401, body: { error: "Unknown, used or expired nonce" } });
  });

  it("a message for another domain, URI or chain is rejected, and its nonce stays usable", async () => {
    const wallet = keyedWallet();
    const attempts = [
      [{ domain: "evil.example" }, "Sign-in message is for another domain"],
      [{ uri: "https://evil.example/login" }, "Sign-in message URI is for another origin"],
      [{ chainId: 1 }, "Sign-in message is for another chain"],
    ] as const;
    const { nonce } = await signed(wallet);
    const account = accountOf(wallet)!;
    for (const [overrides, error] of attempts) {
      const message = siweMessage(app.baseUrl, account.address, nonce, { chainId: chain.chainId, ...overrides });
      const res = await api.post("/api/auth/verify", { message, signature: await account.signMessage({ message }) });
      expect(res, error).toMatchObject({ status: 401, body: { error } });
    }
    const message = siweMessage(app.baseUrl, account.address, nonce, { chainId: chain.chainId });
    expect((await api.post("/api/auth/verify", { message, signature: await account.signMessage({ message }) })).status).toBe(200);
  });

  it("an expired or not-yet-valid message is rejected", async () => {
    const wallet = keyedWallet();
    const expired = await signed(wallet, { expirationTime: new Date(Date.now() - 60_000) });
    expect(await api.post("/api/auth/verify", expired)).toMatchObject({ status: 401, body: { error: "Sign-in message has expired" } });
    const early = await signed(wallet, { notBefore: new Date(Date.now() + 600_000) });
    expect(await api.post("/api/auth/verify", early)).toMatchObject({ status: 401, body: { error: "Sign-in message is not valid yet" } });
    const valid = await signed(wallet, { expirationTime: new Date(Date.now() + 600_000), notBefore: new Date(Date.now() - 60_000) });
    expect((await api.post("/api/auth/verify", valid)).status).toBe(200);
  });

  it("a tampered signature, another key's signature or an edited message is rejected", async () => {
    const wallet = keyedWallet();
    const good = await signed(wallet);
    const flipped = (good.signature.slice(0, 10) + (good.signature[10] === "a" ? "b" : "a") + good.signature.slice(11)) as Hex;
    expect(await api.post("/api/auth/verify", { ...good, signature: flipped })).toMatchObject({ status: 401, body: { error: "Invalid signature" } });
    const stranger = privateKeyToAccount(generatePrivateKey());
    const foreign = await stranger.signMessage({ message: good.message });
    expect(await api.post("/api/auth/verify", { ...good, signature: foreign })).toMatchObject({ status: 401, body: { error: "Invalid signature" } });
    const edited = good.message.replace("Sign in to refboard", "Sign in to refboard!");
    expect(await api.post("/api/auth/verify", { ...good, message: edited })).toMatchObject({ status: 401, body: { error: "Invalid signature" } });
    expect((await api.post("/api/auth/verify", good)).status).toBe(200); // the nonce survived the forgeries
  });

  it("malformed sign-in input: 400 for wrong types, 401 for a message that is not EIP-4361", async () => {
    expect(await api.post("/api/auth/verify", { message: 5, signature: "0x00" })).toMatchObject({ status: 400, body: { error: "Invalid message" } });
    expect(await api.post("/api/auth/verify", { message: "hi", signature: "xyz" })).toMatchObject({ status: 400, body: { error: "Invalid signature" } });
    const res = await api.post("/api/auth/verify", { message: "hello", signature: `0x${"11".repeat(65)}` });
    expect(res).toMatchObject({ status: 401, body: { error: "Invalid sign-in message: not an EIP-4361 message" } });
  });

  it("logout clears the cookie", async () => {
    const res = await api.post("/api/auth/logout", {});
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(res.headers.get("set-cookie")).toMatch(/^refboard-session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
  });

  it("an ERC-1271 smart-contract wallet on the chain signs in with its owner's signature, and writes for itself", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const smart = await deploySmartWallet(chain, owner.address);
    const { body } = await api.get<{ nonce: string }>("/api/auth/nonce");
    const message = siweMessage(app.baseUrl, smart, body.nonce, { chainId: chain.chainId });
    const res = await api.post("/api/auth/verify", { message, signature: await owner.signMessage({ message }) });
    expect(res).toMatchObject({ status: 200, body: { ok: true, address: smart } });
    const cookie = cookieOf(res.headers.get("set-cookie"));
    expect((await api.post("/api/user/init", { wallet: smart }, { cookie })).status).toBe(200);

    const intruder = privateKeyToAccount(generatePrivateKey());
    const nonce = (await api.get("/api/auth/nonce")).body.nonce as string;
    const forged = siweMessage(app.baseUrl, smart, nonce, { chainId: chain.chainId });
    const refused = await api.post("/api/auth/verify", { message: forged, signature: await intruder.signMessage({ message: forged }) });
    expect(refused).toMatchObject({ status: 401, body: { error: "Invalid signature" } });
  });
});

describe("with WALLET_AUTH=off (the default) nothing of docs/api.md changes", () => {
  let app: AppServer;
  let api: Client;
  beforeAll(async () => {
    app = await startApp({});
    api = client(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("every protected endpoint works without a session", async () => {
    const wallet = keyedWallet();
    for (const path of WALLET_WRITES) {
      const res = await api.post(path, await writeBody(api, path, wallet));
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it("the session endpoint says no sign-in is needed; nonce and verify do not exist", async () => {
    expect((await api.get("/api/auth/session")).body).toEqual({ address: null, authRequired: false, chainId: null, expiresAt: null });
    expect(await api.get("/api/auth/nonce")).toMatchObject({ status: 404, body: { error: "Wallet sign-in is not enabled" } });
    const verify = await api.post("/api/auth/verify", { message: "x", signature: "0x00" });
    expect(verify).toMatchObject({ status: 404, body: { error: "Wallet sign-in is not enabled" } });
  });
});
