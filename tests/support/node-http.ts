import { request, type IncomingHttpHeaders } from "node:http";

export interface NodeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request through node:http, for the methods fetch refuses to send (TRACE), on a fresh connection. */
export function sendWithNodeHttp(url: string, method: string, headers: Record<string, string> = {}): Promise<NodeAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
