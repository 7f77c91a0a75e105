import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's page and search term, kept in the address (`?page=2&q=smith`), so Back, a reload and a
 * shared link show the same page. A new search starts again at page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
  const term = params.get('q') ?? '';

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      }),
    [setParams],
  );
  const setTerm = useCallback(
    (next: string) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.delete('page');
        if (next) copy.set('q', next);
        else copy.delete('q');
        return copy;
      }),
    [setParams],
  );
  return { page, term, setPage, setTerm };
}
