"use client";

/**
 * The landing's one query hook, apart from hooks.ts: the landing's first load carries this file,
 * while the dashboard's hooks load with the dashboard.
 */
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, api, queryKeys } from "@/lib/client/api";

/** A 404 is an answer ("unknown code"), not a failure worth retrying. */
export function useWalletByCode(code: string | null) {
  return useQuery({
    queryKey: queryKeys.walletByCode(code ?? ""),
    queryFn: () => api.walletByCode(code ?? ""),
    enabled: code !== null,
    staleTime: Infinity,
    retry: (count, error) => error instanceof ApiRequestError && error.retryable && count < 2,
  });
}
