/** CSV answers (RFC 4180): a header row, then one row per record, CRLF line ends. */

type Cell = string | number | boolean | null;

/** A cell as CSV text: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function cellText(value: Cell): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV lines, each ended by CRLF: a whole file, or the next part of a streamed one. */
export function csvLines(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(cellText).join(",") + "\r\n").join("");
}

export function toCsv(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return csvLines([columns, ...rows]);
}

/** A CSV download: its file name, never cached (the console's data is per request and private). */
export function csvResponse(filename: string, columns: readonly string[], rows: readonly (readonly Cell[])[]): Response {
  return new Response(toCsv(columns, rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
