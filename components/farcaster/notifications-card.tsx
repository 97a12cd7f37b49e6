"use client";

/**
 * Inside a Farcaster client: whether the app may notify this user (a friend joined with the link,
 * the daily check-in is ready), and a button that asks the client to add the app with
 * notifications on. The client tells the server through the webhook; this card links the user's
 * fid to the wallet with a Quick Auth token, the proof the server accepts.
 */
import { useCallback, useEffect, useState } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { useFarcasterLink } from "@/components/farcaster/use-farcaster-link";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/client/api";

type State = "loading" | "on" | "off" | "working";

/** Wallets linked during this page's life: coming back to the dashboard does not link them again. */
const linkedWallets = new Set<string>();

export function NotificationsCard({ wallet, quickAuthOrigin }: { wallet: string; quickAuthOrigin: string }) {
  const { miniApp, markAdded } = useMiniApp();
  const linkFid = useFarcasterLink(wallet, quickAuthOrigin);
  const [state, setState] = useState<State>("loading");
  const [message, setMessage] = useState<string | null>(null);
  const sdk = miniApp.status === "miniapp" ? miniApp.sdk : null;

  const link = useCallback(async () => {
    if (!linkFid) return;
    await linkFid();
    linkedWallets.add(wallet);
  }, [linkFid, wallet]);

  useEffect(() => {
    if (!sdk) return;
    let cancelled = false;
    void sdk.context.then((context) => {
      if (cancelled) return;
      const on = Boolean(context.client.notificationDetails);
      setState(on ? "on" : "off");
      // Notifications turned on elsewhere reach this wallet only once the fid is linked to it.
      if (on && !linkedWallets.has(wallet)) link().catch(() => undefined);
    });
    const enabled = () => setState("on");
    const disabled = () => setState("off");
    sdk.on("notificationsEnabled", enabled);
    sdk.on("notificationsDisabled", disabled);
    sdk.on("miniAppRemoved", disabled);
    return () => {
      cancelled = true;
      sdk.off("notificationsEnabled", enabled);
      sdk.off("notificationsDisabled", disabled);
      sdk.off("miniAppRemoved", disabled);
    };
  }, [sdk, link, wallet]);

  if (!sdk) return null;

  async function turnOn() {
    if (!sdk) return;
    setMessage(null);
    setState("working");
    try {
      await link();
      const result = await sdk.actions.addMiniApp();
      markAdded();
      if (result?.notificationDetails) setState("on");
      else {
        setState("off");
        setMessage("The app is added, with notifications off. Turn them on from the app's menu in Farcaster.");
      }
    } catch (e) {
      setState("off");
      const name = e instanceof Error ? e.name : "";
      setMessage(
        name.includes("RejectedByUser")
          ? "You dismissed the prompt. Try again when you're ready."
          : name.includes("InvalidDomainManifest")
            ? "Farcaster can't add this app: its manifest doesn't match this domain."
            : errorText(e),
      );
    }
  }

  return (
    <Card aria-labelledby="notifications-title" data-testid="notifications" data-state={state} className="mt-6 p-5 sm:p-6">
      <h2 id="notifications-title" className="text-lg font-semibold">
        Notifications
      </h2>
      {state === "on" ? (
        <p role="status" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          <span className="font-semibold text-emerald-700 dark:text-emerald-400">On.</span> We&apos;ll tell you when a friend joins with your link
          and when your daily check-in is ready.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            Hear about it when a friend joins with your link, and when your daily check-in is ready.
          </p>
          <button
            type="button"
            onClick={turnOn}
            disabled={state !== "off"}
            className={buttonClass({ size: "sm", className: "mt-4 w-full sm:w-auto" })}
          >
            {state === "working" || state === "loading" ? <Spinner /> : null} Turn on notifications
          </button>
        </>
      )}
      {message && (
        <p role="alert" className="mt-3 text-sm text-amber-800 dark:text-amber-300">
          {message}
        </p>
      )}
    </Card>
  );
}
