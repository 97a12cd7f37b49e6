/**
 * The browser's visitor id for POST /api/referral/visit: a random UUID kept in localStorage of
 * this origin, as the pending code is, so a visitor who opens links again counts once a day.
 * Where storage is denied (a third-party frame in a browser that blocks its storage) each page
 * load makes a new one. It is never derived from anything about the visitor.
 */
const KEY = "refboard:visitor-id";

export function visitorId(): string {
  try {
    const kept = window.localStorage.getItem(KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    window.localStorage.setItem(KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}
