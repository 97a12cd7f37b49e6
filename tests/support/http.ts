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
