import { describe, expect, it } from "vitest";
import { openInWalletLinks } from "@/components/wallet/open-in-wallet";

const byName = (url: string) => Object.fromEntries(openInWalletLinks(url).map((link) => [link.name, link.href]));

describe("links that open a page in a wallet app", () => {
  it("carry the page's address in each wallet's documented format", () => {
    expect(byName("https://refboard.example/leaderboard")).toEqual({
      MetaMask: "https://link.metamask.io/dapp/refboard.example/leaderboard",
      "Coinbase Wallet": "https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Frefboard.example%2Fleaderboard",
      "Trust Wallet": "https://link.trustwallet.com/open_url?coin_id=60&url=https%3A%2F%2Frefboard.example%2Fleaderboard",
    });
  });

  it("keep the port and the invite's query, which the wallet's browser must open with", () => {
    const links = byName("http://localhost:3000/?ref=1a2b3c4d");
    expect(links.MetaMask).toBe("https://link.metamask.io/dapp/localhost:3000/?ref=1a2b3c4d");
    expect(links["Coinbase Wallet"]).toBe("https://go.cb-w.com/dapp?cb_url=http%3A%2F%2Flocalhost%3A3000%2F%3Fref%3D1a2b3c4d");
    expect(new URL(links["Trust Wallet"]!).searchParams.get("url")).toBe("http://localhost:3000/?ref=1a2b3c4d");
  });
});
