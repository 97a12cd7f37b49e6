/** The latency chart of docs/benchmarks.md: p50 of the leaderboard endpoints against N. */
import { BACKEND_LABEL, LEADERBOARD_ENDPOINTS, ms, sizeLabel, type Row } from "@/scripts/bench/report";
import type { Backend } from "@/scripts/bench/stores";

const BACKEND_COLOUR: Record<Backend, string> = { sqlite: "#6b7280", redis: "#dc2626", upstash: "#059669" };

/**
 * p50 of the leaderboard endpoints against N, per backend, as an SVG line chart: one panel
 * for next start, one for the bare server (where the store's own cost is easier to see), each
 * with its own y scale, and one legend.
 */
export function leaderboardChart(rows: Row[]): string {
  const panelW = 380;
  const H = 430;
  const m = { left: 64, top: 60, bottom: 110, gap: 70 };
  const W = m.left + 2 * panelW + m.gap + 40;
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const seriesOf = (server: "next" | "bare") =>
    (["redis", "upstash", "sqlite"] as const)
      .flatMap((backend) =>
        LEADERBOARD_ENDPOINTS.map((endpoint, i) => ({
          backend,
          endpoint,
          dash: i === 0 ? "" : i === 1 ? "6 4" : "2 3",
          points: rows
            .filter((r) => r.backend === backend && r.endpoint === endpoint)
            .flatMap((r) => { const result = r[server]; return result ? [{ n: r.size, p50: result.p50 }] : []; })
            .sort((a, b) => a.n - b.n),
        })),
      )
      .filter((s) => s.points.length > 0);
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
  const lo = Math.log10(sizes[0] ?? 1);
  const hi = Math.log10(sizes.at(-1) ?? 10);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${m.left}" y="22" font-size="14" font-weight="600">p50 latency of GET /api/leaderboard, /user and /around against N (50 connections)</text>`,
  ];
  const panel = (server: "next" | "bare", left: number, title: string) => {
    const series = seriesOf(server);
    const maxY = niceCeil(Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.p50))) * 1.1);
    const x = (n: number) => left + (hi === lo ? 0.5 : (Math.log10(n) - lo) / (hi - lo)) * panelW;
    const y = (v: number) => H - m.bottom - (v / maxY) * (H - m.top - m.bottom);
    parts.push(`<text x="${left}" y="${m.top - 14}" font-weight="600">${esc(title)}</text>`);
    for (let i = 0; i <= 5; i++) {
      const v = (maxY * i) / 5;
      parts.push(
        `<line x1="${left}" x2="${left + panelW}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`,
        `<text x="${left - 8}" y="${y(v) + 4}" text-anchor="end">${+v.toFixed(2)}</text>`,
      );
    }
    for (const n of sizes) {
      parts.push(
        `<line x1="${x(n)}" x2="${x(n)}" y1="${m.top}" y2="${H - m.bottom}" stroke="#f3f4f6"/>`,
        `<text x="${x(n)}" y="${H - m.bottom + 18}" text-anchor="middle">${sizeLabel(n)}</text>`,
      );
    }
    parts.push(
      `<line x1="${left}" x2="${left + panelW}" y1="${H - m.bottom}" y2="${H - m.bottom}" stroke="#111827"/>`,
      `<line x1="${left}" x2="${left}" y1="${m.top}" y2="${H - m.bottom}" stroke="#111827"/>`,
      `<text x="${left + panelW / 2}" y="${H - m.bottom + 38}" text-anchor="middle">wallets in the store (N, log scale)</text>`,
      `<text transform="translate(${left - 48} ${(m.top + H - m.bottom) / 2}) rotate(-90)" text-anchor="middle">p50 (ms)</text>`,
    );
    for (const s of series) {
      const colour = BACKEND_COLOUR[s.backend];
      const dash = s.dash ? ` stroke-dasharray="${s.dash}"` : "";
      const path = s.points.map((p, j) => `${j ? "L" : "M"}${x(p.n).toFixed(1)} ${y(p.p50).toFixed(1)}`).join(" ");
      parts.push(`<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"${dash}/>`);
      for (const p of s.points) {
        parts.push(
          `<circle cx="${x(p.n).toFixed(1)}" cy="${y(p.p50).toFixed(1)}" r="3.5" fill="${s.dash ? "#ffffff" : colour}" stroke="${colour}" stroke-width="2"><title>${esc(
            `${s.endpoint}, ${BACKEND_LABEL[s.backend]}, ${server === "next" ? "next start" : "bare"}, N=${sizeLabel(p.n)}: p50 ${ms(p.p50)} ms`,
          )}</title></circle>`,
        );
      }
    }
    return series;
  };
  const legend = panel("next", m.left, "next start");
  panel("bare", m.left + panelW + m.gap, "bare node:http server (same services and store)");
  legend.forEach((s, i) => {
    const colour = BACKEND_COLOUR[s.backend];
    const dash = s.dash ? ` stroke-dasharray="${s.dash}"` : "";
    const lx = m.left + (i % 3) * 250;
    const ly = H - 36 + Math.floor(i / 3) * 20;
    parts.push(
      `<line x1="${lx}" x2="${lx + 28}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"${dash}/>`,
      `<text x="${lx + 34}" y="${ly + 4}">${esc(`${s.endpoint.replace("GET /api/", "")} · ${BACKEND_LABEL[s.backend]}`)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}

function niceCeil(v: number): number {
  const step = 10 ** Math.floor(Math.log10(v));
  for (const k of [1, 2, 2.5, 5, 10]) if (k * step >= v) return k * step;
  return 10 * step;
}
