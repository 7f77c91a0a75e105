import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { PageLoader } from './page-loader';

/**
 * A settings card's loader while `query` is pending, its error's message once it failed, and its data
 * once there is some (with when it arrived, a key that resets a form when the data are read again).
 * Unlike `QueryBoundary`, a failed refetch keeps the data shown under the error.
 */
export function QueryStates<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for the loader's label. */
  loading: string;
  children: (data: T, updatedAt: number) => ReactNode;
}) {
  return (
    <>
      {query.isPending && <PageLoader label={loading} />}
      {query.isError && <ErrorAlert message={query.error.message} />}
      {query.data && children(query.data, query.dataUpdatedAt)}
    </>
  );
}
