import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../i18n/locale-provider';
import { withPrefix } from '../i18n/toast-text';
import { ErrorAlert } from './error-alert';
import { PageLoader } from './page-loader';

interface QueryBoundaryProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, for the loader's label ('Loading links'). */
  loading: string;
  /** The screen for a failed load; 'Error: <message>' by default (a staff screen's: common.error). */
  failed?: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}

/** The pending → failed → loaded scaffold of a screen that shows one query's data. */
export function QueryBoundary<T>({ query, loading, failed, children }: QueryBoundaryProps<T>) {
  const t = useT();
  if (query.isPending) return <PageLoader label={loading} />;
  if (query.isError)
    return failed ? (
      failed(query.error)
    ) : (
      <ErrorAlert message={withPrefix(t('toast.error'), query.error.message)} />
    );
  return children(query.data);
}
