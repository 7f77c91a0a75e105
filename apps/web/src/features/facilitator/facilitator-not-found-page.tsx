import { useParams } from 'react-router';
import { PageNotFound } from '../../ui/page-not-found';

/** Facilitator paths whose screens come with later issues. */
export function FacilitatorNotFoundPage() {
  const org = useParams().org ?? '';
  return (
    <PageNotFound backTo={`/${encodeURIComponent(org)}/facilitator/enter`} backLabel="Back to the start" />
  );
}
