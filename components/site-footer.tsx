export function SiteFooter({ appName }: { appName: string }) {
  return (
    <footer className="border-t border-zinc-200/70 dark:border-zinc-800/70">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-1 px-4 py-6 text-xs text-zinc-500 sm:flex-row sm:justify-between sm:px-6 lg:px-8 dark:text-zinc-400">
        <p>{appName}: invite friends, complete quests, climb the board.</p>
        <p>Rewards are reward units (20 per referral, for both sides); distribution happens outside this app.</p>
      </div>
    </footer>
  );
}
