/** vitest globalSetup: the HTTP tests run against the production build; built when missing or older than the sources. */
import { ensureBuild } from "@/tests/support/build-stamp.mjs";

export default function setup() {
  ensureBuild();
}
