/**
 * What the browser keeps between page loads: lib/client/local-item (a value in localStorage, in the
 * page's memory only while localStorage refuses it), and on it the payout deployment's progress
 * (lib/client/deploy-progress), read back only for the plan it was kept for.
 */
import { afterEach, describe, expect, it } from "vitest";
import { forgetDeployProgress, NOT_STARTED, readDeployProgress, saveDeployProgress } from "@/lib/client/deploy-progress";
import { readLocal, writeLocal } from "@/lib/client/local-item";

class FakeStorage {
  items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException("quota exceeded", "QuotaExceededError");
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const global = globalThis as unknown as { window?: unknown };

function browserWith(storage: FakeStorage | "denied"): void {
  global.window = {
    get localStorage() {
      if (storage === "denied") throw new DOMException("access denied", "SecurityError");
      return storage;
    },
  };
}

afterEach(() => {
  delete global.window;
});

describe("a value kept in localStorage", () => {
  it("lives in localStorage when it takes it, so a clear from another tab clears it here too", () => {
    const storage = new FakeStorage();
    browserWith(storage);
    writeLocal("k1", "a");
    expect(storage.items.get("k1")).toBe("a");
    storage.removeItem("k1");
    expect(readLocal("k1")).toBeNull();
  });

  it("lives in the page's memory while localStorage is denied, and null removes it", () => {
    browserWith("denied");
    expect(readLocal("k2")).toBeNull();
    writeLocal("k2", "b");
    expect(readLocal("k2")).toBe("b");
    writeLocal("k2", null);
    expect(readLocal("k2")).toBeNull();
  });

  it("stands in memory while localStorage is full, and leaves memory once localStorage takes a write again", () => {
    const storage = new FakeStorage();
    browserWith(storage);
    storage.full = true;
    writeLocal("k3", "c");
    expect(storage.items.has("k3")).toBe(false);
    expect(readLocal("k3")).toBe("c");
    storage.full = false;
    writeLocal("k3", "d");
    expect(storage.items.get("k3")).toBe("d");
    storage.removeItem("k3");
    expect(readLocal("k3")).toBeNull();
  });
});

describe("a payout deployment's progress", () => {
  const plan = { id: "0123456789ab", root: `0x${"11".repeat(32)}` };
  const progress = { deployTx: `0x${"22".repeat(32)}` as const, deployed: `0x${"33".repeat(20)}` as const, fundTx: null, funded: false };

  it("is read back for its plan, and forgotten once the distributor is recorded", () => {
    browserWith(new FakeStorage());
    expect(readDeployProgress(plan)).toEqual(NOT_STARTED);
    saveDeployProgress(plan, progress);
    expect(readDeployProgress(plan)).toEqual(progress);
    forgetDeployProgress(plan);
    expect(readDeployProgress(plan)).toEqual(NOT_STARTED);
  });

  it("is not started for a plan of the same id and another root (a store reset), nor from a kept value that does not parse", () => {
    const storage = new FakeStorage();
    browserWith(storage);
    saveDeployProgress(plan, progress);
    expect(readDeployProgress({ ...plan, root: `0x${"12".repeat(32)}` })).toEqual(NOT_STARTED);
    const key = [...storage.items.keys()][0]!;
    for (const kept of ["{", JSON.stringify({ root: plan.root, ...progress, deployTx: "0x12" }), JSON.stringify({ root: plan.root })]) {
      storage.items.set(key, kept);
      expect(readDeployProgress(plan)).toEqual(NOT_STARTED);
    }
  });
});
