import { Spinner } from "@/components/ui/spinner";
import { shortWallet } from "@/lib/domain/wallet";
import type { TxState } from "@/lib/client/transaction";

/** One transaction's state in a line: waiting for the wallet, sent (with its hash), confirmed, or failed with the reason. */
export function TxStatus({ label, state, testId }: { label: string; state: TxState; testId: string }) {
  if (state.step === "idle") return null;
  const hash = "hash" in state && state.hash ? <span className="font-mono" title={state.hash}>{shortWallet(state.hash)}</span> : null;
  return (
    <p
      role={state.step === "failed" ? "alert" : "status"}
      data-testid={testId}
      data-step={state.step}
      className={`flex min-w-0 flex-wrap items-center gap-1.5 text-sm ${
        state.step === "failed" ? "text-red-600 dark:text-red-400" : state.step === "confirmed" ? "text-emerald-700 dark:text-emerald-400" : "text-zinc-600 dark:text-zinc-400"
      }`}
    >
      {(state.step === "wallet" || state.step === "sent") && <Spinner />}
      <span className="font-medium">{label}:</span>
      {state.step === "wallet" && "confirm in your wallet…"}
      {state.step === "sent" && <>sent {hash}, waiting for the block…</>}
      {state.step === "confirmed" && <>confirmed {hash}</>}
      {state.step === "failed" && (
        <span className="break-words">
          failed{hash && <> ({hash})</>}: {state.reason}
        </span>
      )}
    </p>
  );
}
