import { describe, expect, it } from "vitest";
import {
  BoardChangedError,
  exportRewards,
  openRewardsExportStream,
  verifyRewardsExport,
  type RewardsExportOptions,
} from "@/lib/operators/rewards-export";
import { rewardsJsonExportSchema } from "@/lib/contract/rewards-export-schemas";
import type { LeaderboardRow } from "@/lib/store/types";

const wallet = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

/** A board of `n` rows, scores descending, served like OperatorStore.scanLeaderboard (offset cursors). */
function fakeBoard(n: number, score = (i: number) => Math.max(0, n - i - 1)) {
  const calls = { pages: 0, counts: 0 };
  const rowAt = (i: number): LeaderboardRow => ({ wallet: wallet(i), score: score(i), referralsCount: Math.max(0, score(i) - 1) });
  return {
    calls,
    rowAt,
    store: {
      async countLeaderboard() {
        calls.counts++;
        return n;
      },
      async scanLeaderboard(cursor: string, count: number) {
        calls.pages++;
        const from = Number(cursor);
        const rows = Array.from({ length: Math.max(0, Math.min(count, n - from)) }, (_, k) => rowAt(from + k));
        return { cursor: from + rows.length >= n ? "0" : String(from + rows.length), rows };
      },
    },
  };
}

async function collect(store: ReturnType<typeof fakeBoard>["store"], options: RewardsExportOptions): Promise<string> {
  let text = "";
  for await (const chunk of exportRewards(store, options)) text += chunk;
  return text;
}

describe("the rewards export", () => {
  it("CSV: a header, one line per entry in rank order, and a trailer with the count and the sha256 of everything above", async () => {
    const text = await collect(fakeBoard(3).store, { format: "csv" });
    const lines = text.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "rank,wallet,score,rewards,referrals_count",
      `1,${wallet(0)},2,40,1`,
      `2,${wallet(1)},1,20,0`,
      `3,${wallet(2)},0,0,0`,
    ]);
    expect(lines[4]).toMatch(/^# count=3 sha256=[0-9a-f]{64}$/);
    expect(verifyRewardsExport(text)).toMatchObject({ format: "csv", count: 3 });
  });

  it("JSON: one valid document, one row per line, with the same trailer fields", async () => {
    const text = await collect(fakeBoard(2500).store, { format: "json", pageSize: 1000 });
    const doc = rewardsJsonExportSchema.parse(JSON.parse(text));
    expect(doc.rows).toHaveLength(2500);
    expect(doc.rows.map((r) => r.rank)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    expect(doc.rows[0]).toEqual({ rank: 1, wallet: wallet(0), score: 2499, rewards: 49980, referrals_count: 2498 });
    expect(text.split("\n")).toHaveLength(2500 + 3); // opening line, rows, trailer, final newline
    expect(verifyRewardsExport(text)).toEqual({ format: "json", count: 2500, sha256: doc.sha256 });
  });

  it("an empty board is a header and a trailer (CSV) or an empty rows array (JSON)", async () => {
    const csv = await collect(fakeBoard(0).store, { format: "csv" });
    expect(verifyRewardsExport(csv).count).toBe(0);
    const json = JSON.parse(await collect(fakeBoard(0).store, { format: "json" }));
    expect(json).toMatchObject({ rows: [], count: 0 });
  });

  it("two exports of an unchanged board are byte-identical, so equal checksums mean nothing changed", async () => {
    const board = fakeBoard(1234);
    expect(await collect(board.store, { format: "csv", pageSize: 100 })).toBe(await collect(board.store, { format: "csv", pageSize: 1000 }));
  });

  it("--min-score leaves out the tail, keeps the ranks of the whole board and stops reading there", async () => {
    const board = fakeBoard(10_000);
    const text = await collect(board.store, { format: "csv", minScore: 9_500, pageSize: 100 });
    const rows = text.trim().split("\n").slice(1, -1);
    expect(rows).toHaveLength(500);
    expect(rows.at(-1)).toBe(`500,${wallet(499)},9500,190000,9499`);
    expect(board.calls.pages).toBe(6); // 5 full pages, then the one that crosses below 9500
  });

  it("reads one page per pull: a slow consumer holds one page, never the board (constant memory)", async () => {
    const board = fakeBoard(1_000_000);
    const stream = await openRewardsExportStream(board.store, { format: "csv", pageSize: 1000 });
    expect(board.calls.pages).toBe(0); // opening reads the entry count and writes the header only
    // The fake board answers within microtasks, so one macrotask turn lets every read the stream
    // would make on its own happen: after it, the reads made are exactly what the pulls asked for.
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    const reader = stream.getReader();
    await reader.read(); // header
    let pagesTaken = 0;
    let rows = 0;
    for (;;) {
      await settled();
      expect(board.calls.pages).toBe(Math.min(pagesTaken + 1, 1000)); // the pages taken, and the one the queue holds
      const { done, value } = await reader.read();
      if (done) break;
      pagesTaken++;
      rows += new TextDecoder().decode(value).split("\n").length - 1;
    }
    expect(board.calls.pages).toBe(1000);
    expect(rows).toBe(1_000_000 + 1); // every row plus the trailer line
  });

  describe("a board that changes while it is read fails the export instead of producing a wrong statement", () => {
    it("a wallet read twice (a row moved up across the read position)", async () => {
      const board = fakeBoard(2000);
      const scan = board.store.scanLeaderboard;
      board.store.scanLeaderboard = async (cursor, count) => {
        const page = await scan(cursor, count);
        if (cursor !== "0") page.rows[0] = board.rowAt(Number(cursor) - 1);
        return page;
      };
      await expect(collect(board.store, { format: "csv", pageSize: 1000 })).rejects.toThrow(BoardChangedError);
    });

    it("a score higher than the row above it", async () => {
      const board = fakeBoard(2000, (i) => (i === 1500 ? 5000 : 2000 - i));
      await expect(collect(board.store, { format: "json" })).rejects.toThrow(/outscores/);
    });

    it("the number of entries changed, or rows went missing", async () => {
      const grown = fakeBoard(10);
      let n = 10;
      grown.store.countLeaderboard = async () => n++;
      await expect(collect(grown.store, { format: "csv" })).rejects.toThrow(/10 entries at the start, 11 at the end/);

      const skipped = fakeBoard(10);
      skipped.store.countLeaderboard = async () => 11;
      await expect(collect(skipped.store, { format: "csv" })).rejects.toThrow(/10 rows read of 11 entries/);
    });
  });

  it("a store that is down fails the opening, before any byte is sent", async () => {
    const board = fakeBoard(10);
    board.store.countLeaderboard = async () => {
      throw new Error("ECONNREFUSED");
    };
    await expect(openRewardsExportStream(board.store, { format: "csv" })).rejects.toThrow("ECONNREFUSED");
  });

  it("verification rejects a truncated or altered export", async () => {
    const text = await collect(fakeBoard(50).store, { format: "csv" });
    const lines = text.split("\n");
    expect(() => verifyRewardsExport(lines.slice(0, 20).join("\n") + "\n")).toThrow(/trailer/);
    expect(() => verifyRewardsExport(text.replace(`,${wallet(3)},`, `,${wallet(999)},`))).toThrow(/checksum mismatch/);
    expect(() => verifyRewardsExport(text.slice(0, -1))).toThrow(/incomplete/);
  });
});
