"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { BoardTab } from "@/lib/client/api";
import type { SeasonView } from "@/lib/contract/board-schemas";

export const BOARD_PANEL_ID = "leaderboard-panel";

const tabs: { id: BoardTab; label: string }[] = [
  { id: "season", label: "This season" },
  { id: "all", label: "All time" },
];

/** The id of a tab: the board's panel is labelled by the selected one. */
export const boardTabId = (tab: BoardTab) => `leaderboard-tab-${tab}`;

/**
 * Milliseconds since the epoch, ticking every `everyMs`. The first render (the server's and the
 * hydrating one) uses `initial`, the time the server rendered: both print the same countdown.
 */
export function useNow(initial: number, everyMs: number | null): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    if (everyMs === null) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * The season at `nowMs`, from the one the server saw: seasons are consecutive and all as long,
 * so the page follows them past an end (or past the start of the first) without a reload.
 */
export function seasonAtNow(view: SeasonView, nowMs: number): SeasonView {
  const now = Math.floor(nowMs / 1000);
  const length = view.end - view.start;
  if (length <= 0 || now < view.start) return view;
  if (view.current === 0) return seasonAtNow({ current: 1, start: view.start, end: view.end }, nowMs);
  const passed = Math.floor((now - view.start) / length);
  return passed === 0 ? view : { current: view.current + passed, start: view.start + passed * length, end: view.end + passed * length };
}

/** 273_600 -> "3d 4h 0m"; under a minute, "<1m". */
export function formatLeft(seconds: number): string {
  if (seconds < 60) return "<1m";
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h ${m}m` : h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** "2025-05-12 00:00 UTC": the same text on the server and in every browser (no locale data involved). */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function SeasonCountdown({ season, nowMs }: { season: SeasonView; nowMs: number }) {
  const before = season.current === 0;
  const target = before ? season.start : season.end;
  const left = Math.max(0, target - Math.floor(nowMs / 1000));
  const when = new Date(target * 1000);
  return (
    <p data-testid="season-countdown" className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
      <span className="font-semibold text-zinc-900 dark:text-zinc-100">{before ? "Season 1" : `Season ${season.current}`}</span>{" "}
      {before ? "starts" : "ends"} in{" "}
      <time dateTime={when.toISOString()} title={utc(when)} className="font-semibold text-zinc-900 dark:text-zinc-100">
        {formatLeft(left)}
      </time>
    </p>
  );
}

/**
 * "This season" / "All time" as a tablist (arrow keys, Home and End move between the tabs and
 * select), with the countdown to the season's end, or to the first season's start.
 */
export function SeasonTabs({
  season,
  nowMs,
  selected,
  onSelect,
}: {
  season: SeasonView;
  nowMs: number;
  selected: BoardTab;
  onSelect: (tab: BoardTab) => void;
}) {
  const buttons = useRef(new Map<BoardTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next =
      event.key === "ArrowRight" ? (index + 1) % tabs.length
      : event.key === "ArrowLeft" ? (index - 1 + tabs.length) % tabs.length
      : event.key === "Home" ? 0
      : event.key === "End" ? tabs.length - 1
      : -1;
    const target = tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    buttons.current.get(target.id)?.focus();
  };

  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
      <div
        role="tablist"
        aria-label="Leaderboard"
        onKeyDown={onKeyDown}
        className="inline-flex rounded-2xl bg-zinc-100 p-1 ring-1 ring-zinc-200/80 dark:bg-zinc-900 dark:ring-zinc-800"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={boardTabId(tab.id)}
              aria-selected={active}
              aria-controls={BOARD_PANEL_ID}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`h-9 rounded-xl px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                active
                  ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-800 dark:text-white"
                  : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <SeasonCountdown season={season} nowMs={nowMs} />
    </div>
  );
}
