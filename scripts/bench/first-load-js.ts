/**
 * First-load JavaScript of a page of the production build: fetch the page from `next start`,
 * collect every script it makes the browser load before it is interactive (<script src> and
 * <link rel=preload|modulepreload as=script>, minus the noModule polyfills modern browsers
 * skip), fetch each once, gzip it (level 9, like the gzip-size figures Next used to print)
 * and sum. Inline scripts (the RSC payload) are reported apart: they are page data, not code.
 *
 * `npm run bench` measures `/` in every run; against a server already running (npm run build && npm start):
 *   node --conditions=react-server --import tsx scripts/bench/first-load-js.ts --url http://127.0.0.1:3000
 */
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

export interface FirstLoadJs {
  page: string;
  scripts: { src: string; bytes: number; gzip: number }[];
  /** Sum of the external scripts, gzip. */
  totalGzip: number;
  totalBytes: number;
  /** Inline <script> bodies of the HTML (RSC payload, bootstrap), gzip, for information. */
  inlineGzip: number;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)?.slice(1).find((v) => v !== undefined);
const hasAttr = (tag: string, name: string) => new RegExp(`\\s${name}(?:[\\s=>]|$)`, "i").test(tag);
const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** The script URLs of an HTML page, in document order, without duplicates. */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src && !hasAttr(tag, "nomodule")) urls.add(src.replaceAll("&amp;", "&"));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase();
    const href = attr(tag, "href");
    if (href && (rel === "modulepreload" || (rel === "preload" && (attr(tag, "as") ?? "").toLowerCase() === "script"))) {
      urls.add(href.replaceAll("&amp;", "&"));
    }
  }
  return [...urls];
}

export async function measureFirstLoadJs(baseUrl: string, page = "/"): Promise<FirstLoadJs> {
  const res = await fetch(new URL(page, baseUrl));
  if (!res.ok) throw new Error(`GET ${page} answered ${res.status}`);
  const html = await res.text();
  const scripts = await Promise.all(
    scriptUrls(html).map(async (src) => {
      const chunk = await fetch(new URL(src, baseUrl));
      if (!chunk.ok) throw new Error(`GET ${src} answered ${chunk.status}`);
      const body = Buffer.from(await chunk.arrayBuffer());
      return { src, bytes: body.length, gzip: gzip(body) };
    }),
  );
  const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? "").join("");
  return {
    page,
    scripts,
    totalGzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    inlineGzip: inline ? gzip(inline) : 0,
  };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: "string" }, page: { type: "string", default: "/" } } });
  if (!values.url) throw new Error("usage: first-load-js.ts --url http://127.0.0.1:PORT [--page /]");
  const result = await measureFirstLoadJs(values.url, values.page);
  for (const s of result.scripts) console.log(`${kB(s.gzip).padStart(10)}  ${s.src}`);
  console.log(`${kB(result.totalGzip).padStart(10)}  first-load JS of ${result.page} (gzip; ${kB(result.totalBytes)} raw)`);
  console.log(`${kB(result.inlineGzip).padStart(10)}  inline scripts (RSC payload), not counted`);
}

// Run as a script (not when imported by the benchmark).
if (process.argv[1]?.endsWith("first-load-js.ts")) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
