/**
 * The development server's test wallets (components/wallet/test-wallet.tsx) never ship: nothing of
 * them in the production build's client files. Reads the build the other tests run against
 * (.next/static); it builds nothing itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const STATIC_DIR = join(".next", "static");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const scripts = () => filesUnder(STATIC_DIR).filter((file) => file.endsWith(".js"));
const holding = (needle: string) => scripts().filter((file) => readFileSync(file, "utf8").toLowerCase().includes(needle.toLowerCase()));

describe("the production client bundle", () => {
  it("is the build's: the connect code the test wallets hang off is in it", () => {
    expect(holding("No wallet found in this browser")).not.toEqual([]);
  });

  it.each([
    ["the test mnemonic", "test test test test test test test test test test test junk"],
    ["the test wallets' connector ids", "test-wallet-"],
    ["their name in the modal", "Test wallet"],
    ["their offer in 'No wallet found'", "Use a test wallet"],
  ])("holds nothing of the test wallets: %s", (_, needle) => {
    expect(holding(needle)).toEqual([]);
  });
});
