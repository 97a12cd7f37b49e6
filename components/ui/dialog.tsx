"use client";

/** A native <dialog> opened as a modal: focus trap, Escape and the backdrop come from the browser. */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { XIcon } from "@/components/ui/icons";

export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // No close() on unmount: it would queue a close event that reaches onClose after the dialog is
  // gone, and in development, where React unmounts and remounts every effect once, after it has
  // been shown again, closing it the moment it opened. Leaving the page takes it out of the top
  // layer without any event, so onClose reports only the visitor closing it.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // text-left: a dialog opened from a table cell would take the cell's alignment.
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && ref.current.close()}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl bg-white p-0 text-left text-zinc-900 shadow-2xl ring-1 ring-zinc-200 backdrop:bg-zinc-950/50 backdrop:backdrop-blur-sm dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-800"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="-m-2 rounded-full p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            aria-label="Close"
          >
            <XIcon className="size-5" />
          </button>
        </div>
        <div className="mt-3">{children}</div>
      </div>
    </dialog>
  );
}
