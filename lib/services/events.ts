/**
 * The one way a use case tells what happened: emit(event) hands the event to every subscriber of
 * its type, after the response (Next's after() in the app), so that no subscriber slows or fails a
 * request. The dispatcher and its subscribers are built once, in the composition root
 * (lib/services/context.ts); a new consumer of events is one more subscriber there.
 */
import type { DomainEvent, DomainEventType, EventOf } from "@/lib/domain/events";
import type { PublicOrigin } from "@/lib/domain/public-origin";

/** What the request that caused an event knows and a fact does not: where its links lead (handle() passes the request's PublicOrigin). */
export type RequestContext = Pick<PublicOrigin, "linkBase">;

/** Runs `task` after the response is sent. */
export type Later = (task: () => Promise<void>) => void;

export interface Subscription {
  type: DomainEventType;
  /** `request` is missing where no HTTP request caused the event (the bench, direct calls). */
  run(event: DomainEvent, request: RequestContext | undefined): Promise<void>;
}

export interface EventDispatcher {
  emit(event: DomainEvent, request?: RequestContext): void;
}

/** A subscriber of one event type, typed by it. */
export function on<T extends DomainEventType>(
  type: T,
  run: (event: EventOf<T>, request: RequestContext | undefined) => Promise<void>,
): Subscription {
  return { type, run: (event, request) => run(event as EventOf<T>, request) };
}

/**
 * An event nobody subscribes to schedules nothing. A subscriber that throws is logged and the
 * others still run: they are independent consumers of the same fact.
 */
export function createDispatcher(later: Later, subscriptions: readonly Subscription[]): EventDispatcher {
  return {
    emit(event, request) {
      const subscribers = subscriptions.filter((s) => s.type === event.type);
      if (subscribers.length === 0) return;
      later(async () => {
        await Promise.all(
          subscribers.map(async (s) => {
            try {
              await s.run(event, request);
            } catch (error) {
              console.error(`[refboard] a subscriber of ${event.type} failed:`, error);
            }
          }),
        );
      });
    },
  };
}

/** No subscribers: for deployments and tests that wire none (the bench's bare server). */
export const NO_SUBSCRIBERS: EventDispatcher = createDispatcher(() => {}, []);
