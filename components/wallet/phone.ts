/**
 * Whether this browser is a phone or tablet by RainbowKit's own test (its isMobile, which the
 * package does not export): there its connect modal lists only RainbowKit's wallets, and a wallet
 * app's "open in" link is the way in.
 */
export function isPhone(): boolean {
  if (typeof navigator === "undefined") return false;
  const agent = navigator.userAgent;
  // iPadOS reports a Mac: only its touch screen tells it apart.
  return /android/i.test(agent) || /iPhone|iPod|iPad/.test(agent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
}
