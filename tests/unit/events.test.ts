/** The event dispatcher: every subscriber of a type hears each event once, after the response, each on its own. */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DomainEvent } from "@/lib/domain/events";
import { createDispatcher, on, type Later, type RequestContext } from "@/lib/services/events";

const REQUEST: RequestContext = { linkBase: "https://refboard.example.com" };
const credited: DomainEvent = { type: "referral.credited", referrer: "0x1", referee: "0x2", at: 1_750_000_000 };
const checkedIn: DomainEvent = { type: "task.completed", wallet: "0x2", task: "daily_checkin", at: 1_750_000_060, streak: 1 };

/** A `later` whose tasks run only when the test ends the response. */
function response() {
  const queued: (() => Promise<void>)[] = [];
  const later: Later = (task) => void queued.push(task);
  const end = () => Promise.all(queued.splice(0).map((task) => task()));
  return { later, queued, end };
}

describe("event dispatcher", () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands each event to every subscriber of its type once, with the request, only after the response", async () => {
    const { later, end } = response();
    const heard: [string, DomainEvent, RequestContext | undefined][] = [];
    const events = createDispatcher(later, [
      on("referral.credited", async (e, r) => void heard.push(["a", e, r])),
      on("referral.credited", async (e, r) => void heard.push(["b", e, r])),
      on("task.completed", async (e, r) => void heard.push(["c", e, r])),
    ]);
    events.emit(credited, REQUEST);
    events.emit(checkedIn);
    expect(heard).toEqual([]);
    await end();
    expect(heard).toEqual([
      ["a", credited, REQUEST],
      ["b", credited, REQUEST],
      ["c", checkedIn, undefined],
    ]);
    await end();
    expect(heard).toHaveLength(3);
  });

  it("an event without subscribers schedules nothing", () => {
    const { later, queued } = response();
    createDispatcher(later, [on("referral.credited", async () => {})]).emit(checkedIn, REQUEST);
    createDispatcher(later, []).emit(credited, REQUEST);
    expect(queued).toEqual([]);
  });

  it("a subscriber that throws is logged and the others still run", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { later, end } = response();
    const heard: string[] = [];
    const events = createDispatcher(later, [
      on("referral.credited", async () => {
        throw new Error("webhook down");
      }),
      on("referral.credited", async ({ referrer }) => void heard.push(referrer)),
    ]);
    events.emit(credited, REQUEST);
    await end();
    expect(heard).toEqual(["0x1"]);
    expect(logged).toHaveBeenCalledWith("[refboard] a subscriber of referral.credited failed:", new Error("webhook down"));
  });
});
