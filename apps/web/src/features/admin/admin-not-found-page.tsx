import { useParams } from 'react-router';
import { PageNotFound } from '../../ui/page-not-found';

/** Admin paths whose screens come with later issues. */
export function AdminNotFoundPage() {
  const org = useParams().org ?? '';
  return (
    <PageNotFound backTo={`/${encodeURIComponent(org)}/admin/dashboard`} backLabel="Back to dashboard" />
  );
}
