import { randomBytes } from "node:crypto";
import { describeApiContract } from "@/tests/api/contract";

// The whole HTTP contract again with wallet sign-in on: every write signs in first.
describeApiContract("the embedded SQLite store, WALLET_AUTH=siwe", () => ({
  WALLET_AUTH: "siwe",
  SESSION_SECRET: randomBytes(32).toString("hex"),
}));
