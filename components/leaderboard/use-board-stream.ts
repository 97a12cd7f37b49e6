"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { parseBoardEvent, queryKeys } from "@/lib/client/api";
import * as paths from "@/lib/contract/paths";

/**
 * "connecting": not open yet (or reopening after the tab was hidden); "live": the stream is open;
 * "reconnecting": it dropped and the browser is opening it again; "polling": no EventSource, or it
 * kept failing: the page polls until the stream is tried again.
 */
export type StreamStatus = "connecting" | "live" | "reconnecting" | "polling";

const STREAM_URL = paths.leaderboardStream.path;
/** Errors in a row, with no event between them, before the page falls back to polling. */
const MAX_FAILURES = 3;
/** After falling back: the first wait before the stream is tried again, doubling up to the last. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 5 * 60_000;

/**
 * Subscribes to GET /api/leaderboard/stream while the tab is visible: each list it pushes goes
 * into the all-time query's cache, and each new board version marks the season boards and the
 * around-me reads stale, so the active ones read again (cheaply: they are conditional). A hidden
 * tab closes its stream, and the one it opens when shown again starts with the current list.
 * A stream that ends on the server's schedule is reopened by the browser itself (retry: 1 s).
 */
export function useBoardStream(): StreamStatus {
  const qc = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>("connecting");

  useEffect(() => {
    if (typeof EventSource === "undefined") {
      setStatus("polling");
      return;
    }
    let source: EventSource | null = null;
    let failures = 0;
    let retryMs = RETRY_FIRST_MS;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let lastVersion: string | null = null;
    let stopped = false;

    const apply = async (event: MessageEvent<string>) => {
      const entries = await parseBoardEvent(event.data).catch(() => null);
      // The same version again (a reopened stream starts with the current list): nothing moved.
      if (!entries || stopped || (event.lastEventId !== "" && event.lastEventId === lastVersion)) return;
      lastVersion = event.lastEventId;
      qc.setQueryData(queryKeys.leaderboard, entries);
      void qc.invalidateQueries({ queryKey: queryKeys.seasonLeaderboards });
      void qc.invalidateQueries({ queryKey: queryKeys.leaderboardArounds });
    };

    const close = () => {
      source?.close();
      source = null;
      clearTimeout(retryTimer);
    };

    const open = () => {
      close();
      const opened = new EventSource(STREAM_URL);
      source = opened;
      opened.onopen = () => {
        failures = 0;
        retryMs = RETRY_FIRST_MS;
        setStatus("live");
      };
      opened.onmessage = (event: MessageEvent<string>) => {
        failures = 0;
        setStatus("live");
        void apply(event);
      };
      opened.onerror = () => {
        if (source !== opened) return;
        // CLOSED: the server refused the stream (an error status); the browser does not retry then.
        if (opened.readyState === EventSource.CLOSED || ++failures >= MAX_FAILURES) {
          close();
          failures = 0;
          setStatus("polling");
          retryTimer = setTimeout(open, retryMs);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        } else {
          setStatus("reconnecting");
        }
      };
    };

    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        close();
        setStatus("connecting");
      } else if (!source) {
        open();
      }
    };

    if (document.visibilityState !== "hidden") open();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      close();
    };
  }, [qc]);

  return status;
}
