/**
 * The ban list as a file: what GET /api/admin/disqualified downloads (wallet,reason,at,admin,via)
 * and `npm run import:ban-list` reads back into another deployment. Only `wallet` and `reason`
 * are read; the other columns say where a row came from. A spreadsheet-safe `'` that the
 * download put before a reason starting with = + - @ is taken off again.
 */
import { parse } from "csv-parse/sync";
import { MAX_REASON_LENGTH, STORABLE_TEXT } from "@/lib/domain/moderation";
import { isWallet, normaliseWallet } from "@/lib/domain/wallet";

export interface BanListRow {
  wallet: string;
  reason: string;
}

/** A row the file cannot give: its line and why. */
export class BanListError extends Error {}

/** Every row of a ban-list CSV, in file order, a wallet once (its first row wins); throws BanListError on the first bad row. */
export function readBanList(text: string): { rows: BanListRow[]; duplicates: number } {
  const records = parse(text, { bom: true, columns: true, skip_empty_lines: true, info: true, relax_column_count: true }) as {
    record: Record<string, string | undefined>;
    info: { lines: number };
  }[];
  const rows: BanListRow[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const { record, info } of records) {
    const wallet = record.wallet?.trim() ?? "";
    if (!isWallet(wallet)) throw new BanListError(`line ${info.lines}: "${wallet}" is not a wallet address`);
    const reason = (record.reason ?? "").trim().replace(/^'(?=[=+\-@])/, "");
    if (reason.length === 0 || reason.length > MAX_REASON_LENGTH || !STORABLE_TEXT.test(reason)) {
      throw new BanListError(`line ${info.lines}: the reason must be 1 to ${MAX_REASON_LENGTH} characters on one line`);
    }
    const normalised = normaliseWallet(wallet);
    if (seen.has(normalised)) {
      duplicates++;
      continue;
    }
    seen.add(normalised);
    rows.push({ wallet: normalised, reason });
  }
  return { rows, duplicates };
}
