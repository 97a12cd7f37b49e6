/** What every backend is, whatever it stores: its kind, a reachability probe, and closing it. */
export interface StoreBackend {
  /** Which backend this is, for health output and logs. */
  readonly kind: "sqlite" | "redis" | "upstash";

  /** Round trip to the backend; throws when it is unreachable. */
  ping(): Promise<void>;

  close(): Promise<void>;
}
