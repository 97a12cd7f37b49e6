/** A tiny typed HTTP client for tests against a running server. */
export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export function client(baseUrl: string) {
  async function send<T>(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
    const res = await fetch(baseUrl + path, { method, body: init.body, headers: init.headers });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // non-JSON bodies stay text so a test can show what came back
    }
    return { status: res.status, body: body as T, headers: res.headers } satisfies Reply<T>;
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => send<T>("GET", path, { headers }),
    post: <T = any>(path: string, body: unknown, headers: Record<string, string> = {}) =>
      send<T>("POST", path, {
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "content-type": "application/json", ...headers },
      }),
    raw: send,
  };
}

export type Client = ReturnType<typeof client>;

/** A browser's User-Agent: Node's fetch sends "node", which isbot calls a bot (POST /api/referral/visit counts no bot). */
export const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
};

/** The code of the socket error under a failed request (fetch reports it as the cause of "fetch failed"). */
export function connectionErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

/**
 * One well-formed request to each referral, task and leaderboard endpoint, for the tests that
 * hold all of them to one rule (the generic 500 while the store is down): one list, so an
 * endpoint added here is covered by each of them. `refCode` is both recorded against and looked up.
 */
export function oneRequestPerEndpoint(api: Client, wallet: string, refCode: string): (() => Promise<Reply>)[] {
  return [
    () => api.post("/api/referral/visit", { refCode, visitorId: "0123456789abcdef0123" }, BROWSER),
    () => api.post("/api/user/init", { wallet }),
    () => api.post("/api/referral/record", { wallet, refCode }),
    () => api.get(`/api/referral/check?wallet=${wallet}`),
    () => api.get(`/api/referral/link?user=${wallet}`),
    () => api.get(`/api/referral/wallet-by-code?code=${refCode}`),
    () => api.get(`/api/steam/task-status?wallet=${wallet}`),
    () => api.post("/api/steam/task/complete", { wallet, taskId: "daily_checkin" }),
    () => api.post("/api/steam/verify", { wallet, taskId: "nft_mint" }),
    () => api.get(`/api/steam/progress?wallet=${wallet}`),
    () => api.get("/api/leaderboard"),
    () => api.get(`/api/leaderboard/user?wallet=${wallet}`),
  ];
}
