import { AlertIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import type { StreamStatus } from "@/components/leaderboard/use-board-stream";

/**
 * The heading's status pill: "Live" while the stream is open; while it is not, what the page does
 * instead (connecting, or reading the board every 30 s), and whether the rows are the last good read.
 */
export function BoardStatus({ stream, fetching, stale }: { stream: StreamStatus; fetching: boolean; stale: boolean }) {
  if (stale) {
    return (
      <span data-testid="board-status" data-status="stale" className="inline-flex items-center gap-1.5 text-amber-700 dark:text-amber-400">
        <AlertIcon className="size-4" /> Showing the last update
      </span>
    );
  }
  if (stream === "live") {
    return (
      <span data-testid="board-status" data-status="live" className="inline-flex items-center gap-2">
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full rounded-full bg-emerald-400 opacity-60 motion-safe:animate-ping" />
          <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
        </span>
        Live
      </span>
    );
  }
  if (stream === "polling") {
    return (
      <span data-testid="board-status" data-status="polling" className="inline-flex items-center gap-2">
        {fetching ? <Spinner className="size-3.5" /> : <span className="size-2 rounded-full bg-zinc-400" aria-hidden="true" />}
        {fetching ? "Updating…" : "Updates every 30 s"}
      </span>
    );
  }
  return (
    <span data-testid="board-status" data-status={stream} className="inline-flex items-center gap-2">
      <Spinner className="size-3.5" /> {stream === "reconnecting" ? "Reconnecting…" : "Connecting…"}
    </span>
  );
}
