"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API missing or denied (http origins, some in-app browsers): the old way.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

type State = "idle" | "copied" | "failed";

/** Copies `text`; says so visibly and to screen readers for two seconds. */
export function CopyButton({
  text,
  label,
  className,
  children,
  copiedLabel = "Copied",
  disabled,
}: {
  text: string;
  /** Accessible name, e.g. "Copy referral link". */
  label: string;
  className: string;
  children?: ReactNode;
  copiedLabel?: string;
  disabled?: boolean;
}) {
  const [state, setState] = useState<State>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onClick() {
    const ok = await copyText(text);
    setState(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  }

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        className={className}
        aria-label={children === undefined ? label : undefined}
        title={label}
        data-state={state}
        disabled={disabled}
      >
        {state === "copied" ? <CheckIcon className="size-4 shrink-0 text-emerald-500" /> : <CopyIcon className="size-4 shrink-0" />}
        {children !== undefined && <span>{state === "copied" ? copiedLabel : state === "failed" ? "Press Ctrl+C" : children}</span>}
      </button>
      {/* Outside the button, so the announcement is not part of its name; sr-only is absolute, so it takes no grid cell. */}
      <span className="sr-only" role="status">
        {state === "copied" ? "Copied to clipboard" : state === "failed" ? "Could not copy; select the text and copy it" : ""}
      </span>
    </>
  );
}
