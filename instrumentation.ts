/** Runs once when the server starts: a broken configuration stops it here, not at the first request. */
export async function register() {
  const { config } = await import("@/lib/config");
  config();
}
