/** A placeholder block with the size of what will replace it, so nothing moves when data arrives. */
export function Skeleton({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-shimmer rounded-md bg-zinc-200/80 dark:bg-zinc-800 ${className}`} />;
}
