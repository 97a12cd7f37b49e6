/** Limits and names of moderation (disqualifying farmed wallets), shared by the API contract and the store. */

/** Longest reason stored with a disqualification. */
export const MAX_REASON_LENGTH = 500;

/** Longest admin name stored in the audit log: a wallet (42 characters), "token", or an operator command's label. */
export const MAX_ADMIN_LENGTH = 64;

/** Most referees one cascading disqualification takes in its single atomic step. */
export const MAX_CASCADE = 5_000;

/** Most entries one audit log page holds: a campaign's whole log, for its CSV. */
export const MAX_AUDIT_PAGE = 10_000;

export const AUDIT_ACTIONS = ["disqualify", "reinstate", "import-ban-list", "payout-plan", "payout-distributor"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Text an admin may store: no control characters (it goes into CSV files and log lines). */
export const STORABLE_TEXT = /^[^\u0000-\u001f\u007f]*$/;
