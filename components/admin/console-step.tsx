"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { errorText } from "@/lib/client/api";

/**
 * Runs a step (a request that changes what the server renders), then renders the page again on the
 * server; pending until the new page is in. `then` runs with the new page, so whatever it closes
 * (a dialog) goes in the same commit as the data it changed.
 */
export function useStepThenRefresh() {
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(step: () => Promise<unknown>, then?: () => void) {
    setRunning(true);
    setError(null);
    try {
      await step();
      startRefresh(() => {
        router.refresh();
        then?.();
      });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setRunning(false);
    }
  }
  return { run, busy: running || refreshing, error };
}

export function StepError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
      {error}
    </p>
  );
}
