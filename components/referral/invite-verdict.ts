/**
 * What the server found for the page's ?ref= while rendering it. The browser shows it as is and
 * never looks the code up itself: a lookup of an unknown code is a 404, which the browser logs
 * as an error however the page handles it.
 */
export type InviteVerdict =
  | { kind: "none" }
  /** Not 8 characters: never stored. */
  | { kind: "invalid" }
  | { kind: "known"; code: string; referrer: string }
  /** No wallet has the code: never stored, since recording it could only answer 404. */
  | { kind: "unknown"; code: string }
  /** The store did not answer: the code is kept, as after any failure that may pass. */
  | { kind: "unchecked"; code: string };
