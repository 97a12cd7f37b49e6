/**
 * HTTP contract of docs/api.md, against `next start` of the production build.
 * Run once per backend: `describeApiContract(name, env)` starts a server on a fresh store; env()
 * is called for every server it starts and must name a store of its own each time. Each case
 * makes its own wallets, so any one runs alone (-t) and the cases pass in any order.
 * With WALLET_AUTH=siwe in env the same tests run after signing in: test wallets have keys,
 * and the client signs each one in before its first write (tests/api/wallet-session.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import type { Client } from "@/tests/support/http";
import { randomCode, walletWithCode } from "@/tests/support/wallets";
import { keyedWallet as randomWallet, sessionClient } from "@/tests/api/wallet-session";

const TASK_KEYS = [
  "daily_checkin",
  "add_miniapp",
  "fc_follow",
  "fc_like_recast",
  "fc_comment",
  "referral",
  "referral_milestone_5",
  "referral_milestone_10",
  "referral_milestone_30",
  "referral_milestone_50",
  "nft_mint",
].sort();

const upper = (w: string) => "0x" + w.slice(2).toUpperCase();

export function describeApiContract(name: string, env: () => Record<string, string> | Promise<Record<string, string>>) {
  describe(`HTTP API on ${name}`, () => {
    let app: AppServer;
    let api: Client;

    /** A server on a fresh store, and a client that signs each wallet in when WALLET_AUTH=siwe. */
    async function serve(): Promise<{ app: AppServer; api: Client }> {
      const vars = await env();
      const started = await startApp(vars);
      return { app: started, api: sessionClient(started.baseUrl, { signIn: vars.WALLET_AUTH === "siwe" }) };
    }

    beforeAll(async () => {
      ({ app, api } = await serve());
    });
    afterAll(async () => {
      await app?.stop();
    });

    async function knownWallet() {
      const wallet = randomWallet();
      expect((await api.post("/api/user/init", { wallet })).status).toBe(200);
      return wallet;
    }

    async function refer(referee: string, referrer: string) {
      const res = await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
      expect(res.status).toBe(200);
      return res.body;
    }

    describe("GET /api/leaderboard on an empty store", () => {
      // A server of its own: the shared one holds whatever the other cases wrote, in whatever order they ran.
      let empty: AppServer;
      let emptyApi: Client;
      beforeAll(async () => {
        ({ app: empty, api: emptyApi } = await serve());
      });
      afterAll(async () => {
        await empty?.stop();
      });

      it("is an empty array when no users exist, and registering a wallet adds no entry", async () => {
        expect(await emptyApi.get("/api/leaderboard")).toMatchObject({ status: 200, body: [] });
        expect((await emptyApi.post("/api/user/init", { wallet: randomWallet() })).status).toBe(200);
        expect(await emptyApi.get("/api/leaderboard")).toMatchObject({ status: 200, body: [] });
      });
    });

    describe("POST /api/user/init", () => {
      it("registers a wallet once and returns its code and link on this origin", async () => {
        const wallet = randomWallet();
        const first = await api.post("/api/user/init", { wallet: upper(wallet) });
        expect(first.status).toBe(200);
        expect(first.body).toEqual({
          success: true,
          wallet,
          refCode: refCodeOf(wallet),
          link: `${app.baseUrl}?ref=${refCodeOf(wallet)}`,
          isNew: true,
        });
        expect((await api.post("/api/user/init", { wallet })).body.isNew).toBe(false);
      });

      it("an invalid wallet is 400 Invalid wallet address", async () => {
        expect(await api.post("/api/user/init", { wallet: "0x123" })).toMatchObject({
          status: 400,
          body: { error: "Invalid wallet address" },
        });
      });
    });

    describe("POST /api/referral/record", () => {
      it("records a referral: both sides +1 score (+20 rewards), the referrer's count +1", async () => {
        const referrer = await knownWallet();
        const referee = randomWallet();
        const res = await api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(referrer) });
        expect(res).toMatchObject({ status: 200, body: { success: true, referrer } });
        expect(Object.keys(res.body).sort()).toEqual(["referrer", "success"]);
        expect((await api.get(`/api/leaderboard/user?wallet=${referrer}`)).body).toMatchObject({
          referrals_count: 1,
          rewards: 20,
        });
        expect((await api.get(`/api/leaderboard/user?wallet=${referee}`)).body).toMatchObject({
          referrals_count: 0,
          rewards: 20,
        });
        expect((await api.get(`/api/referral/check?wallet=${referee}`)).body).toEqual({
          hasReferrer: true,
          wallet: referee,
        });
      });

      it("a refCode in upper case is accepted and lowercased", async () => {
        const referrer = await knownWallet();
        const res = await api.post("/api/referral/record", {
          wallet: randomWallet(),
          refCode: refCodeOf(referrer).toUpperCase(),
        });
        expect(res).toMatchObject({ status: 200, body: { success: true, referrer } });
      });

      it("a duplicate is 200 alreadyRecorded with the EXISTING referrer and grants nothing", async () => {
        const referrer = await knownWallet();
        const other = await knownWallet();
        const referee = randomWallet();
        await refer(referee, referrer);
        for (const refCode of [refCodeOf(other), refCodeOf(referee), randomCode(), refCodeOf(referrer)]) {
          const res = await api.post("/api/referral/record", { wallet: referee, refCode });
          expect(res).toEqual(expect.objectContaining({ status: 200, body: { success: true, referrer, alreadyRecorded: true } }));
        }
        expect((await api.get(`/api/leaderboard/user?wallet=${referrer}`)).body).toMatchObject({
          referrals_count: 1,
          rewards: 20,
        });
        expect((await api.get(`/api/leaderboard/user?wallet=${other}`)).body).toMatchObject({ rewards: 0 });
      });

      it("self-referral is 400 Cannot refer yourself and records nothing", async () => {
        const wallet = await knownWallet();
        const res = await api.post("/api/referral/record", { wallet, refCode: refCodeOf(wallet) });
        expect(res).toMatchObject({ status: 400, body: { error: "Cannot refer yourself" } });
        expect((await api.get(`/api/referral/check?wallet=${wallet}`)).body.hasReferrer).toBe(false);
      });

      it("self-referral is judged by the code, even when another wallet owns that code", async () => {
        const twin = randomWallet();
        const code = refCodeOf(twin);
        const owner = walletWithCode(code);
        await api.get(`/api/referral/link?user=${owner}`); // the owner becomes known first
        const res = await api.post("/api/referral/record", { wallet: twin, refCode: code });
        expect(res).toMatchObject({ status: 400, body: { error: "Cannot refer yourself" } });
      });

      it("a code that resolves to no wallet is 404 RefCode not found, non-hex included", async () => {
        for (const refCode of [randomCode(), "zzzzzzzz", "ab-cd_ef"]) {
          const res = await api.post("/api/referral/record", { wallet: randomWallet(), refCode });
          expect(res).toMatchObject({ status: 404, body: { error: "RefCode not found" } });
        }
      });

      it("validation order: JSON, wallet, refCode, then the rest", async () => {
        expect(await api.post("/api/referral/record", "{oops")).toMatchObject({
          status: 400,
          body: { error: "Invalid JSON body" },
        });
        expect(await api.post("/api/referral/record", { wallet: "nope", refCode: "x" })).toMatchObject({
          status: 400,
          body: { error: "Invalid wallet address" },
        });
        expect(await api.post("/api/referral/record", { wallet: randomWallet(), refCode: "abc" })).toMatchObject({
          status: 400,
          body: { error: "Invalid refCode" },
        });
        expect(await api.post("/api/referral/record", { wallet: randomWallet() })).toMatchObject({
          status: 400,
          body: { error: "Invalid refCode" },
        });
        expect(await api.post("/api/referral/record", { wallet: randomWallet(), refCode: 12345678 })).toMatchObject({
          status: 400,
          body: { error: "Invalid refCode" },
        });
      });

      it("a referee's own code resolves after it was referred", async () => {
        const referrer = await knownWallet();
        const referee = randomWallet();
        await refer(referee, referrer);
        expect((await api.get(`/api/referral/wallet-by-code?code=${refCodeOf(referee)}`)).body).toEqual({
          wallet: referee,
          refCode: refCodeOf(referee),
        });
      });

      it("20 concurrent requests for one referee record one relationship and one set of rewards", async () => {
        const referrers = await Promise.all(Array.from({ length: 20 }, () => knownWallet()));
        const referee = randomWallet();
        const replies = await Promise.all(
          referrers.map((r) => api.post("/api/referral/record", { wallet: referee, refCode: refCodeOf(r) })),
        );
        expect(replies.every((r) => r.status === 200)).toBe(true);
        expect(replies.filter((r) => !r.body.alreadyRecorded)).toHaveLength(1);
        const totals = await Promise.all(referrers.map((r) => api.get(`/api/leaderboard/user?wallet=${r}`)));
        expect(totals.reduce((sum, t) => sum + t.body.rewards, 0)).toBe(20);
      });
    });

    describe("GET /api/referral/check", () => {
      it("says false for a wallet without referrer, lowercasing the wallet", async () => {
        const wallet = randomWallet();
        expect(await api.get(`/api/referral/check?wallet=${upper(wallet)}`)).toMatchObject({
          status: 200,
          body: { hasReferrer: false, wallet },
        });
      });

      it("a missing or malformed wallet is 400", async () => {
        expect(await api.get("/api/referral/check")).toMatchObject({ status: 400, body: { error: "Invalid wallet address" } });
        expect(await api.get("/api/referral/check?wallet=0xzz")).toMatchObject({ status: 400 });
      });
    });

    describe("GET /api/referral/link", () => {
      it("returns link, binding and count; the wallet becomes known", async () => {
        const wallet = randomWallet();
        const res = await api.get(`/api/referral/link?user=${wallet}`);
        expect(res).toMatchObject({
          status: 200,
          body: { bound: false, referrer: "", link: `${app.baseUrl}?ref=${refCodeOf(wallet)}`, referralsCount: 0 },
        });
        expect((await api.get(`/api/referral/wallet-by-code?code=${refCodeOf(wallet)}`)).status).toBe(200);
        const referee = randomWallet();
        await refer(referee, wallet);
        expect((await api.get(`/api/referral/link?user=${wallet}`)).body.referralsCount).toBe(1);
        expect((await api.get(`/api/referral/link?user=${referee}`)).body).toMatchObject({ bound: true, referrer: wallet });
      });

      it("takes the wallet from x-user-wallet when the query has none; the query wins", async () => {
        const a = randomWallet();
        const b = randomWallet();
        expect((await api.get("/api/referral/link", { "x-user-wallet": a })).body.link).toContain(refCodeOf(a));
        expect((await api.get(`/api/referral/link?user=${b}`, { "x-user-wallet": a })).body.link).toContain(refCodeOf(b));
        expect(await api.get("/api/referral/link")).toMatchObject({ status: 400, body: { error: "Invalid wallet address" } });
      });

      it("a later wallet sharing a code keeps its own link and is told codeConflict", async () => {
        const first = randomWallet();
        const code = refCodeOf(first);
        const later = walletWithCode(code);
        await api.post("/api/user/init", { wallet: first });
        const res = await api.get(`/api/referral/link?user=${later}`);
        expect(res.body).toMatchObject({ link: `${app.baseUrl}?ref=${code}`, codeConflict: true });
        expect((await api.get(`/api/referral/link?user=${first}`)).body.codeConflict).toBeUndefined();
        expect((await api.get(`/api/referral/wallet-by-code?code=${code}`)).body.wallet).toBe(first);
      });
    });

    describe("GET /api/referral/wallet-by-code", () => {
      it("resolves a known code in any case", async () => {
        const wallet = await knownWallet();
        expect(await api.get(`/api/referral/wallet-by-code?code=${refCodeOf(wallet).toUpperCase()}`)).toMatchObject({
          status: 200,
          body: { wallet, refCode: refCodeOf(wallet) },
        });
      });

      it("an unknown code is 404 RefCode not found; a wrong length or missing code is 400", async () => {
        expect(await api.get(`/api/referral/wallet-by-code?code=${randomCode()}`)).toMatchObject({
          status: 404,
          body: { error: "RefCode not found" },
        });
        expect(await api.get("/api/referral/wallet-by-code?code=abc")).toMatchObject({
          status: 400,
          body: { error: "Invalid refCode" },
        });
        expect(await api.get("/api/referral/wallet-by-code")).toMatchObject({ status: 400, body: { error: "Invalid refCode" } });
      });
    });

    describe("tasks", () => {
      it("task-status of a new wallet: all 11 flags false, cooldown 0, ISO timestamp", async () => {
        const wallet = randomWallet();
        const res = await api.get(`/api/steam/task-status?wallet=${wallet}`);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body.tasks).sort()).toEqual(TASK_KEYS);
        expect(Object.values(res.body.tasks).every((v) => v === false)).toBe(true);
        expect(res.body).toMatchObject({ wallet, fishingCooldown: 0 });
        expect(new Date(res.body.timestamp).toISOString()).toBe(res.body.timestamp);
      });

      it("daily check-in succeeds with the server's time, then is on cooldown with cooldownRemaining", async () => {
        const wallet = randomWallet();
        // The server shares this machine's clock: its readings fall between ours taken around each request.
        const nowSeconds = () => Date.now() / 1000;
        const before = Math.floor(nowSeconds());
        const ok = await api.post("/api/steam/task/complete", { wallet, taskId: "daily_checkin", timestamp: 1 });
        expect(ok.status).toBe(200);
        expect(Object.keys(ok.body).sort()).toEqual(["success", "taskId", "timestamp"]);
        expect(ok.body).toMatchObject({ success: true, taskId: "daily_checkin" });
        expect(Number.isInteger(ok.body.timestamp)).toBe(true);
        expect(ok.body.timestamp).toBeGreaterThanOrEqual(before);
        expect(ok.body.timestamp).toBeLessThanOrEqual(nowSeconds());

        /** The cooldown left when the server answered: a day from the check-in, less the time passed since. */
        const expectCooldownLeft = (remaining: number) => {
          expect(Number.isInteger(remaining)).toBe(true);
          expect(remaining).toBeLessThanOrEqual(86_400);
          expect(remaining).toBeGreaterThanOrEqual(ok.body.timestamp + 86_400 - Math.ceil(nowSeconds()));
        };
        const again = await api.post("/api/steam/task/complete", { wallet, taskId: "daily_checkin" });
        expect(again.status).toBe(400);
        expect(Object.keys(again.body).sort()).toEqual(["cooldownRemaining", "error"]);
        expect(again.body.error).toBe("Task on cooldown");
        expectCooldownLeft(again.body.cooldownRemaining);

        const status = await api.get(`/api/steam/task-status?wallet=${wallet}`);
        expect(status.body.tasks.daily_checkin).toBe(true);
        expectCooldownLeft(status.body.fishingCooldown);
      });

      it("10 concurrent check-ins: exactly one succeeds", async () => {
        const wallet = randomWallet();
        const replies = await Promise.all(
          Array.from({ length: 10 }, () => api.post("/api/steam/task/complete", { wallet, taskId: "daily_checkin" })),
        );
        expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
        expect(replies.filter((r) => r.status === 400 && r.body.error === "Task on cooldown")).toHaveLength(9);
      });

      it("a social task completes once; a repeat returns the ORIGINAL timestamp", async () => {
        const wallet = randomWallet();
        for (const taskId of ["add_miniapp", "fc_follow", "fc_like_recast", "fc_comment"]) {
          const first = await api.post("/api/steam/task/complete", { wallet, taskId });
          expect(first).toMatchObject({ status: 200, body: { success: true, taskId } });
          const repeat = await api.post("/api/steam/task/complete", { wallet, taskId, timestamp: 5 });
          expect(repeat.body).toEqual(first.body);
        }
        const status = await api.get(`/api/steam/task-status?wallet=${wallet}`);
        expect(status.body.tasks).toMatchObject({ add_miniapp: true, fc_follow: true, fc_like_recast: true, fc_comment: true });
      });

      it("an unknown task id is 400 Invalid task id, on complete and on verify", async () => {
        const wallet = randomWallet();
        for (const taskId of ["fishing", "follow", "nft_mint", "referral", "", 7]) {
          expect(await api.post("/api/steam/task/complete", { wallet, taskId })).toMatchObject({
            status: 400,
            body: { error: "Invalid task id" },
          });
        }
        expect(await api.post("/api/steam/verify", { wallet, taskId: "daily_checkin" })).toMatchObject({
          status: 400,
          body: { error: "Invalid task id" },
        });
      });

      it("verify without chain configuration says so, with HTTP 200", async () => {
        expect(await api.post("/api/steam/verify", { wallet: randomWallet(), taskId: "nft_mint" })).toMatchObject({
          status: 200,
          body: { success: false, taskId: "nft_mint", verified: false, reason: "On-chain verification is not configured" },
        });
      });

      it("progress holds all 11 task ids and the referral count; milestones follow the count", async () => {
        const referrer = await knownWallet();
        for (let i = 0; i < 5; i++) await refer(randomWallet(), referrer);
        await api.post("/api/steam/task/complete", { wallet: referrer, taskId: "fc_follow" });
        const res = await api.get(`/api/steam/progress?wallet=${referrer}`);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(["progress", "referralCount"]);
        expect(Object.keys(res.body.progress).sort()).toEqual(TASK_KEYS);
        expect(res.body.referralCount).toBe(5);
        expect(res.body.progress).toMatchObject({
          referral: true,
          referral_milestone_5: true,
          referral_milestone_10: false,
          fc_follow: true,
          nft_mint: false,
          daily_checkin: false,
        });
        const status = await api.get(`/api/steam/task-status?wallet=${referrer}`);
        expect(status.body.tasks).toEqual(res.body.progress);
      });
    });

    describe("leaderboard", () => {
      it("lists rank, lowercase wallet, referrals_count and rewards = score x 20, highest first; rank equals the user's rank", async () => {
        const leader = await knownWallet();
        for (let i = 0; i < 7; i++) await refer(randomWallet(), leader);
        const res = await api.get<{ rank: number; wallet: string; rewards: number }[]>("/api/leaderboard");
        expect(res.status).toBe(200);
        const own = res.body.find((e) => e.wallet === leader);
        expect(own).toEqual({ rank: expect.any(Number), wallet: leader, referrals_count: 7, rewards: 140 });
        for (const entry of [own!, ...res.body.slice(0, 15)]) {
          expect(Object.keys(entry).sort()).toEqual(["rank", "referrals_count", "rewards", "wallet"]);
          expect(entry.wallet).toBe(entry.wallet.toLowerCase());
          expect((await api.get(`/api/leaderboard/user?wallet=${entry.wallet}`)).body).toEqual(entry);
        }
        expect(res.body.map((e) => e.rank)).toEqual(res.body.map((_, i) => i + 1));
        const rewards = res.body.map((e) => e.rewards);
        expect(rewards).toEqual([...rewards].sort((a, b) => b - a));
      });

      it("leaderboard/user creates a missing entry with score 0 and returns its real rank", async () => {
        const scorer = await knownWallet();
        await refer(randomWallet(), scorer);
        const scorerRank = (await api.get<{ rank: number }>(`/api/leaderboard/user?wallet=${scorer}`)).body.rank;
        const wallet = randomWallet();
        const res = await api.get(`/api/leaderboard/user?wallet=${upper(wallet)}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ wallet, referrals_count: 0, rewards: 0 });
        expect(res.body.rank).toBeGreaterThan(scorerRank);
        const board = await api.get<{ wallet: string; rank: number }[]>("/api/leaderboard");
        const listed = board.body.find((e) => e.wallet === wallet);
        if (listed) expect(listed.rank).toBe(res.body.rank);
        else expect(board.body).toHaveLength(100);
      });

      it("a malformed or missing wallet is 400", async () => {
        expect(await api.get("/api/leaderboard/user?wallet=abc")).toMatchObject({
          status: 400,
          body: { error: "Invalid wallet address" },
        });
        expect(await api.get("/api/leaderboard/user")).toMatchObject({ status: 400 });
      });

      it("returns at most 100 entries", async () => {
        await Promise.all(Array.from({ length: 110 }, () => api.get(`/api/leaderboard/user?wallet=${randomWallet()}`)));
        expect((await api.get("/api/leaderboard")).body).toHaveLength(100);
      });
    });

    describe("GET /api/health", () => {
      it("reports the store reachable", async () => {
        const res = await api.get("/api/health");
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ ok: true, store: { ok: true }, chain: { configured: false } });
      });
    });

    describe("bad input never causes a 500", () => {
      const wallet = randomWallet();
      const notObjects = ["{", "[]", "null", '"str"', "42", "true", "", "{\"wallet\":", "\u0000"];
      const badValues: unknown[] = [
        undefined,
        null,
        42,
        true,
        "",
        [wallet],
        { x: 1 },
        wallet + " ",
        " " + wallet,
        "0x" + "é".repeat(40),
        "😀".repeat(21),
        "x".repeat(7000),
        "ééééééé",
        "a".repeat(9),
        "__proto__",
        "daily_checkin\u0000",
      ];
      const valid = { wallet, refCode: "abcdefgh", taskId: "fc_follow" };
      const posts: Record<string, (keyof typeof valid)[]> = {
        "/api/referral/record": ["wallet", "refCode"],
        "/api/steam/task/complete": ["wallet", "taskId"],
        "/api/steam/verify": ["wallet", "taskId"],
        "/api/user/init": ["wallet"],
      };
      /** Bodies that break exactly one field the endpoint reads, the others valid. */
      function brokenBodies(fields: (keyof typeof valid)[]): unknown[] {
        return fields.flatMap((field) => badValues.map((value) => ({ ...valid, [field]: value })));
      }
      const gets = [
        "/api/referral/check",
        "/api/referral/link",
        "/api/referral/wallet-by-code",
        "/api/steam/task-status",
        "/api/steam/progress",
        "/api/leaderboard/user",
      ];
      const queries = [
        "",
        "?wallet=",
        "?user=",
        "?code=",
        "?wallet=%00",
        "?wallet=0x" + "g".repeat(40),
        "?wallet=" + encodeURIComponent("0x" + "é".repeat(40)),
        "?code=" + encodeURIComponent("éééééééé"),
        "?code=%ZZ",
        "?wallet=" + "a".repeat(4000),
        "?code=abcdefghi",
        "?wallet[]=1",
      ];

      it("POST endpoints answer 400 { error } to every malformed body", async () => {
        for (const [path, fields] of Object.entries(posts)) {
          for (const body of [...notObjects, ...brokenBodies(fields)]) {
            const res = await api.post(path, body);
            expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
            expect(Object.keys(res.body)).toEqual(["error"]);
            expect(typeof res.body.error).toBe("string");
          }
        }
      });

      it("GET endpoints answer 400 (or 404 for an unknown code) { error } to missing and malformed query parameters", async () => {
        for (const path of gets) {
          for (const query of queries) {
            const res = await api.get(path + query);
            // 404 only where a code of the right length simply names no wallet ("éééééééé").
            expect([400, 404], `${path}${query.slice(0, 60)}`).toContain(res.status);
            expect(Object.keys(res.body)).toEqual(["error"]);
          }
        }
      });

      it("a body over 8 KiB is 413 on every POST endpoint", async () => {
        for (const path of Object.keys(posts)) {
          const res = await api.post(path, { ...valid, pad: "x".repeat(8200) });
          expect(res.status).toBe(413);
          expect(Object.keys(res.body)).toEqual(["error"]);
        }
      });
    });
  });
}
