import { describe, expect, it } from "vitest";
import { chainName, formatTokenAmount } from "@/lib/client/payout-chain";

describe("formatTokenAmount", () => {
  it("shows whole tokens with the token's decimals, grouped, without trailing zeros", () => {
    expect(formatTokenAmount("60000000000000000000", 18)).toBe("60");
    expect(formatTokenAmount("1234500000", 6)).toBe("1,234.5");
    expect(formatTokenAmount("1", 18)).toBe("0.000000000000000001");
    expect(formatTokenAmount("999999", 6)).toBe("0.999999");
    expect(formatTokenAmount("1000000", 6)).toBe("1");
  });

  it("keeps every digit past 2^53 and reads a token without decimals as whole units", () => {
    expect(formatTokenAmount("123456789012345678901234567890", 18)).toBe("123,456,789,012.34567890123456789");
    expect(formatTokenAmount("9007199254740993", 0)).toBe("9,007,199,254,740,993");
  });
});

describe("chainName", () => {
  it("names the chains wallets are most often on, and any other by its id", () => {
    expect(chainName(8453)).toBe("Base");
    expect(chainName(31337)).toBe("chain 31337");
  });
});
