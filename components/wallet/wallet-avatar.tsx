/** A gradient disc derived from the wallet address: recognisable at a glance, no network request. */
export function WalletAvatar({ wallet, className = "size-6" }: { wallet: string; className?: string }) {
  const hex = wallet.toLowerCase().replace(/^0x/, "").padEnd(12, "0");
  const h1 = parseInt(hex.slice(0, 4), 16) % 360;
  const h2 = (h1 + 40 + (parseInt(hex.slice(4, 8), 16) % 140)) % 360;
  const angle = parseInt(hex.slice(8, 12), 16) % 360;
  return (
    <span
      aria-hidden="true"
      className={`block shrink-0 rounded-full ring-1 ring-black/5 dark:ring-white/10 ${className}`}
      style={{ backgroundImage: `linear-gradient(${angle}deg, hsl(${h1} 80% 62%), hsl(${h2} 75% 48%))` }}
    />
  );
}
