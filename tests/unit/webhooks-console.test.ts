/**
 * The console's Webhooks section (components/admin/webhooks-state.tsx) says why an endpoint is disabled,
 * as the store recorded it (3 days of failures, or an admin), and what its last delivery answered.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EndpointState, LastDelivery } from "@/components/admin/webhooks-state";
import type { WebhookEndpointView } from "@/lib/contract/webhook-schemas";
import { DISABLE_AFTER_SECONDS } from "@/lib/domain/webhooks";

const FAILING_SINCE = 1_764_000_000;

const endpoint = (patch: Partial<WebhookEndpointView>): WebhookEndpointView => ({
  id: "wh_0123456789abcdef",
  url: "https://example.com/hooks",
  events: ["referral.recorded"],
  state: "active",
  createdAt: FAILING_SINCE - 60,
  disabledAt: null,
  disabledBy: null,
  failingSince: null,
  lastDelivery: null,
  ...patch,
});

const text = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element).replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

const stateOf = (patch: Partial<WebhookEndpointView>) => text(createElement(EndpointState, { endpoint: endpoint(patch) }));

describe("an endpoint's state in the console", () => {
  it("is Active, saying since when it fails while it does", () => {
    expect(stateOf({})).toBe("|Active|");
    expect(stateOf({ failingSince: FAILING_SINCE })).toBe("|Active|failing since Nov 24, 2025, 16:00 UTC|");
  });

  it("says who disabled it: its failures, or an admin (also one whose endpoint had been failing that long)", () => {
    const disabledAt = FAILING_SINCE + DISABLE_AFTER_SECONDS;
    expect(stateOf({ state: "disabled", failingSince: FAILING_SINCE, disabledAt, disabledBy: "failures" })).toBe(
      "|Disabled|after 3 days of failures, Nov 27, 2025, 16:00 UTC|",
    );
    expect(stateOf({ state: "disabled", failingSince: FAILING_SINCE, disabledAt, disabledBy: "admin" })).toBe("|Disabled|by an admin, Nov 27, 2025, 16:00 UTC|");
    expect(stateOf({ state: "disabled", failingSince: null, disabledAt: disabledAt - 1, disabledBy: "admin" })).toBe("|Disabled|by an admin, Nov 27, 2025, 15:59 UTC|");
  });
});

describe("an endpoint's last delivery in the console", () => {
  const lastOf = (lastDelivery: WebhookEndpointView["lastDelivery"]) => text(createElement(LastDelivery, { endpoint: endpoint({ lastDelivery }) }));

  it("says none before the first, else its time, status and whether it was ok", () => {
    expect(lastOf(null)).toBe("|none yet|");
    expect(lastOf({ at: FAILING_SINCE, eventId: "msg_x", status: 200, ok: true })).toBe("|Nov 24, 2025, 16:00 UTC|200 · ok|");
    expect(lastOf({ at: FAILING_SINCE, eventId: "msg_x", status: null, ok: false })).toBe("|Nov 24, 2025, 16:00 UTC|no answer · failed|");
  });
});
