/**
 * Links that open a page inside a wallet app's own browser, where the wallet is injected and
 * connects: each in the "open in app" format its maker documents. Without the app installed, each
 * leads to that wallet's download page. Rainbow documents no such link (only WalletConnect's).
 */
export function openInWalletLinks(pageUrl: string): { name: string; href: string }[] {
  const url = new URL(pageUrl);
  const encoded = encodeURIComponent(url.href);
  return [
    // docs.metamask.io, "Use deeplinks": https://link.metamask.io/dapp/{dappUrl}, the address without
    // its scheme and not percent-encoded (an encoded path opens a blank tab).
    { name: "MetaMask", href: `https://link.metamask.io/dapp/${url.host}${url.pathname}${url.search}` },
    // docs.cdp.coinbase.com, "Mobile dapp integration": https://go.cb-w.com/dapp?cb_url=<percent-encoded URL>
    { name: "Coinbase Wallet", href: `https://go.cb-w.com/dapp?cb_url=${encoded}` },
    // developer.trustwallet.com, "Deep Linking": https://link.trustwallet.com/open_url?coin_id=60&url=<URL>
    // (60: Ethereum's SLIP-44 index, the network the browser opens on).
    { name: "Trust Wallet", href: `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded}` },
  ];
}
