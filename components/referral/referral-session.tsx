"use client";

/**
 * The referral flow of the web app, on every page:
 * 1. a ?ref= code in the URL is stored for this origin (latest link wins), and its visit counted
 *    (POST /api/referral/visit, once per page load);
 * 2. once a wallet is connected: POST /api/user/init, then, with a pending code,
 *    POST /api/referral/record;
 * 3. the code is cleared on success, alreadyRecorded, self-referral and 404 (and
 *    any other 400: it can never succeed), kept on 5xx / network errors for a retry.
 * A code the server found unknown while rendering the page is stored and sent like any other:
 * only the connect tells whether it is the visitor's own (a wallet becomes known when it connects),
 * and POST /api/referral/record answers in its order (an existing referrer, then self-referral,
 * then the unknown code). Only its visit is not counted: it would count toward nobody's link.
 * Step 2 does not run in the campaign console (/admin): an admin who signs in there is not a
 * campaign user, and must not be counted as a new wallet.
 */
import { useQueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ApiRequestError, api, errorText, queryKeys } from "@/lib/client/api";
import { parseRefParam, pendingRef, usePendingRef } from "@/lib/client/pending-ref";
import { SignInDeclinedError, useWalletWrite } from "@/lib/client/sign-in";
import { visitorId } from "@/lib/client/visitor-id";
import { useWallet } from "@/lib/client/wallet";

export type ReferralOutcome =
  | { kind: "recorded"; referrer: string }
  | { kind: "already"; referrer: string }
  | { kind: "self"; code: string }
  | { kind: "not-found"; code: string }
  | { kind: "rejected"; code: string; message: string }
  /** Kept for a retry: the server or the network failed, or the visitor declined to sign in. */
  | { kind: "failed"; step: "signin" | "init" | "record"; message: string };

interface ReferralSession {
  /** The code waiting for a wallet in this origin's localStorage. */
  pendingCode: string | null;
  outcome: ReferralOutcome | null;
  syncing: boolean;
  retry(): void;
  dismiss(): void;
  /** The server found no wallet with `code` while rendering: its visit is not counted. */
  reportUnknownCode(code: string): void;
}

const Context = createContext<ReferralSession | null>(null);

export function useReferralSession(): ReferralSession {
  const value = useContext(Context);
  if (!value) throw new Error("useReferralSession needs <ReferralSessionProvider>");
  return value;
}

const SELF_REFERRAL = "Cannot refer yourself";

/** The campaign console's pages, where the referral flow does not run. */
const isConsolePath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

export function ReferralSessionProvider({ children }: { children: ReactNode }) {
  const pendingCode = usePendingRef();
  const { address, status } = useWallet();
  const qc = useQueryClient();
  const [outcome, setOutcome] = useState<ReferralOutcome | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const walletRef = useRef<string | null>(null);
  const unknownCodes = useRef(new Set<string>());
  const active = !isConsolePath(usePathname());
  const initialised = useRef<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const write = useWalletWrite();
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });

  // 1. Capture ?ref=, then drop it from the address bar so a reload or a shared URL does not re-apply it.
  //    (Children's effects run first: a code the page found unknown is reported before this runs.)
  useEffect(() => {
    const url = new URL(window.location.href);
    const ref = parseRefParam(url.searchParams.get("ref"));
    if (ref.kind === "valid") {
      pendingRef.set(ref.code);
      // The visit, for the campaign's analytics; it changes nothing on the page, so a failure is ignored.
      if (!unknownCodes.current.has(ref.code)) api.visit(ref.code, visitorId()).catch(() => undefined);
    }
    if (ref.kind !== "none") {
      url.searchParams.delete("ref");
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    }
  }, []);

  const wallet = status === "connected" && address ? address.toLowerCase() : null;

  // 2. Steps run one at a time, each reading the pending code when it starts, so a
  //    new code, a retry or a wallet switch never races an earlier run.
  const sync = useCallback(
    (target: string) => {
      queue.current = queue.current.then(async () => {
        if (walletRef.current !== target) return;
        setSyncing(true);
        try {
          if (initialised.current !== target) {
            try {
              await writeRef.current(target, () => api.initUser(target));
              initialised.current = target;
              setOutcome((o) => (o?.kind === "failed" ? null : o));
            } catch (error) {
              setOutcome({ kind: "failed", step: error instanceof SignInDeclinedError ? "signin" : "init", message: errorText(error) });
              return;
            }
          }
          const code = pendingRef.get();
          if (!code) return;
          try {
            const result = await writeRef.current(target, () => api.recordReferral(target, code));
            pendingRef.clear();
            setOutcome(
              result.alreadyRecorded
                ? { kind: "already", referrer: result.referrer }
                : { kind: "recorded", referrer: result.referrer },
            );
            void qc.invalidateQueries({ queryKey: queryKeys.referralLink(target) });
            void qc.invalidateQueries({ queryKey: queryKeys.taskStatus(target) });
            void qc.invalidateQueries({ queryKey: queryKeys.leaderboardUser(target) });
            void qc.invalidateQueries({ queryKey: queryKeys.leaderboard });
          } catch (error) {
            if (error instanceof ApiRequestError && (error.status === 400 || error.status === 404)) {
              pendingRef.clear();
              setOutcome(
                error.message === SELF_REFERRAL
                  ? { kind: "self", code }
                  : error.status === 404
                    ? { kind: "not-found", code }
                    : { kind: "rejected", code, message: error.message },
              );
            } else {
              setOutcome({ kind: "failed", step: error instanceof SignInDeclinedError ? "signin" : "record", message: errorText(error) });
            }
          }
        } finally {
          setSyncing(false);
        }
      });
    },
    [qc],
  );

  useEffect(() => {
    if (walletRef.current !== wallet && walletRef.current !== null) setOutcome(null);
    walletRef.current = wallet;
    if (wallet && active) sync(wallet);
  }, [wallet, pendingCode, attempt, sync, active]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const dismiss = useCallback(() => setOutcome(null), []);
  const reportUnknownCode = useCallback((code: string) => {
    unknownCodes.current.add(code);
  }, []);
  const value = useMemo(
    () => ({ pendingCode, outcome, syncing, retry, dismiss, reportUnknownCode }),
    [pendingCode, outcome, syncing, retry, dismiss, reportUnknownCode],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
