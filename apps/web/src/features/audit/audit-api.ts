import { AUDIT_API, type AuditFilter, PAGE_SIZE } from '@playshop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Query keys of the audit log. */
export const auditKeys = {
  all: ['audit-log'] as const,
  page: (filter: AuditFilter, page: number) => [...auditKeys.all, filter, page] as const,
};

/** One page of the entries `filter` selects; the page before stays on screen while it loads. */
export function useAuditEntries(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: auditKeys.page(filter, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.call(AUDIT_API.list, { query: { ...filter, page, size: PAGE_SIZE } }, { signal }),
  });
}
