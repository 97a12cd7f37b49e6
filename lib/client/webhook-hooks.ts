"use client";

/** The console's webhook endpoints and their deliveries, read and changed through the admin API with the admin's session. */
import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, queryKeys } from "@/lib/client/api";

/** While a new delivery waits for its first try, its list is read again this often: the send runs after the response that queued it. */
const FIRST_TRY_POLL_MS = 2_000;

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.webhooks, queryFn: api.webhooks });
}

/**
 * One endpoint's newest deliveries, read again while the endpoint is active and one of them has not
 * been tried yet. A retry waits minutes to hours for the cron route or a later request: the view's
 * Refresh reads those, not a poll left running.
 */
export function useWebhookDeliveries(id: string, active: boolean) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(id),
    queryFn: () => api.webhookDeliveries(id),
    refetchInterval: (query) =>
      active && query.state.data?.deliveries.some((delivery) => delivery.state === "pending" && delivery.attempts === 0) ? FIRST_TRY_POLL_MS : false,
  });
}

/** A change to the endpoints (create, enable, disable, delete, test): the list and every deliveries view are read again after it. */
export function useWebhooksChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: queryKeys.webhooks }), qc.invalidateQueries({ queryKey: queryKeys.webhookDeliveryLists })]),
  });
}

/** Reads the endpoints again (their last delivery), e.g. once a deliveries view saw a pending delivery finish. */
export function useReadWebhooksAgain() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: queryKeys.webhooks }), [qc]);
}
