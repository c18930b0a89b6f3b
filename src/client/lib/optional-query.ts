/**
 * Wraps a query function so that 401 (not signed in, or the session just ended) and 404 (nothing
 * there) answer null instead of failing: SPEC.md §7 reads both as "no data" for the header's calls.
 */
import type { QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { ApiError } from './request';

export function optional<T>(queryFn: QueryFunction) {
  return async (context: QueryFunctionContext<QueryKey>): Promise<T | null> => {
    try {
      return ((await queryFn(context)) as T | null) ?? null;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
      throw error;
    }
  };
}
