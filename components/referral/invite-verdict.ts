/**
 * What the server found for the page's ?ref= while rendering it: what the landing says before the
 * visitor connects. The browser shows it as is and never looks the code up itself (a lookup of an
 * unknown code is a 404, which the browser logs as an error however the page handles it). It
 * decides nothing about the referral: a code of 8 characters is stored and sent on connect, whatever
 * the server found.
 */
export type InviteVerdict =
  | { kind: "none" }
  /** Not 8 characters: never stored. */
  | { kind: "invalid" }
  | { kind: "known"; code: string; referrer: string }
  /**
   * No wallet has the code yet. It is still stored and sent on connect: it may be the visitor's
   * own, which becomes known when its wallet connects (then the answer is "Cannot refer yourself").
   */
  | { kind: "unknown"; code: string }
  /** The store did not answer: the code is kept, as after any failure that may pass. */
  | { kind: "unchecked"; code: string };
