/**
 * The documentation stands alone: every relative link and image in README.md and docs/*.md
 * (Markdown links, images, reference definitions, HTML src/href) points at a file inside this
 * repository that exists, and every #anchor at a heading of the file it names. A link that
 * leaves the repository is dead for everyone who clones it. External links (http:, https:,
 * mailto:, ...) are not followed.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();

const DOC_FILES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Blanks fenced code blocks and inline code spans (keeping line breaks), so examples are not links. */
function withoutCode(markdown: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blank).replace(/`[^`\n]*`/g, blank);
}

interface Link {
  target: string;
  line: number;
}

const LINK_PATTERNS = [
  // [text](target) and ![alt](target), also nested ones: every "](" opens a destination.
  /\]\(\s*(<[^>\n]*>|[^\s)]+)/g,
  // [label]: target
  /^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm,
  // <img src="...">, <a href="...">, <source src="...">
  /<(?:img|a|source)\b[^>]*?\s(?:src|href)\s*=\s*["']([^"']*)["']/gi,
];

function linksIn(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const links: Link[] = [];
  for (const pattern of LINK_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const target = (match[1] ?? "").replace(/^<|>$/g, "");
      links.push({ target, line: text.slice(0, match.index).split("\n").length });
    }
  }
  return links.sort((a, b) => a.line - b.line);
}

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = /^ {0,3}(```|~~~)/.exec(line)?.[1];
    if (marker && (fence === undefined || fence === marker)) fence = fence === undefined ? marker : undefined;
    const heading = fence === undefined ? /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line) : null;
    if (!heading) continue;
    const base = (heading[1] ?? "")
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** What is wrong with each link of `file` (a path relative to `root`), given its text. */
function linkProblems(file: string, markdown: string, root = ROOT): string[] {
  const problems: string[] = [];
  const here = join(root, file);
  for (const { target, line } of linksIn(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
    const at = `${file}:${line}: ${target}`;
    const [pathPart = "", fragment] = target.split("#", 2);
    const path = decodeURIComponent(pathPart.split("?")[0] ?? "");
    const resolved = path === "" ? here : path.startsWith("/") ? join(root, path) : resolve(dirname(here), path);
    const inside = relative(root, resolved);
    if (inside.startsWith("..") || isAbsolute(inside)) {
      problems.push(`${at} points outside the repository`);
    } else if (resolved !== here && !existsSync(resolved)) {
      problems.push(`${at} names a file that does not exist`);
    } else if (fragment && resolved.endsWith(".md")) {
      const text = resolved === here ? markdown : readFileSync(resolved, "utf8");
      if (!headingAnchors(text).has(decodeURIComponent(fragment))) problems.push(`${at} names no heading of ${inside}`);
    }
  }
  return problems;
}

describe("links in the documentation", () => {
  it.each(DOC_FILES)("every relative link and image in %s resolves inside the repository", (file) => {
    expect(linkProblems(file, readFileSync(join(ROOT, file), "utf8"))).toEqual([]);
  });

  it("the check reports links outside the repository, missing files and unknown anchors, and skips code and external links", () => {
    const sample = [
      "# Sample heading",
      "## Second: `code` part",
      "See [the spec](../../shared/spec/interface.md), [gone](missing.md) and [chain](chain.md#configuration).",
      '<img src="screenshots/none.png" width="10"> ![shot](/docs/screenshots/landing-phone.png)',
      "[up](#sample-heading) [down](#second-code-part) [nowhere](#no-such-heading) [web](https://example.com/x.md)",
      "[ref]: ../outside.png",
      "```",
      "[in a fence](../fenced.md)",
      "```",
      "Inline `[code](../inline.md)` is no link.",
    ].join("\n");
    expect(linkProblems("docs/sample.md", sample)).toEqual([
      "docs/sample.md:3: ../../shared/spec/interface.md points outside the repository",
      "docs/sample.md:3: missing.md names a file that does not exist",
      "docs/sample.md:4: screenshots/none.png names a file that does not exist",
      "docs/sample.md:5: #no-such-heading names no heading of docs/sample.md",
      "docs/sample.md:6: ../outside.png names a file that does not exist",
    ]);
  });
});
