// The committed distributor artifact (the app deploys it; contracts/build is not committed) must be
// exactly what compiling contracts/PayoutDistributor.sol gives today: a changed source, compiler or
// setting without a regenerated module fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DISTRIBUTOR_ARTIFACT_PATH, distributorArtifactModule } from "@/scripts/compile-contracts.mjs";

describe("lib/chain/payout-distributor-artifact.ts", () => {
  it("equals a fresh compile of contracts/PayoutDistributor.sol (regenerate: node scripts/compile-contracts.mjs --artifact)", () => {
    expect(readFileSync(DISTRIBUTOR_ARTIFACT_PATH, "utf8")).toBe(distributorArtifactModule());
  });
});
