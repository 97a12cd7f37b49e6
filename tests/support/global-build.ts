/** vitest globalSetup: the HTTP tests run against the production build; build it once if missing. */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export default function setup() {
  if (process.env.REFBOARD_SKIP_BUILD === "1" || existsSync(".next/BUILD_ID")) return;
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("next build failed");
}
