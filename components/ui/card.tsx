import type { HTMLAttributes } from "react";

export function Card({ className = "", ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={`rounded-3xl bg-white/90 shadow-sm ring-1 ring-zinc-200/80 backdrop-blur dark:bg-zinc-900/80 dark:ring-zinc-800 ${className}`}
      {...props}
    />
  );
}
