import { useParams } from 'react-router';
import { PageNotFound } from '../../ui/page-not-found';

/** A facilitator path with no screen: 'Page not found' inside the facilitator layout. */
export function FacilitatorNotFoundPage() {
  const org = useParams().org ?? '';
  return (
    <PageNotFound backTo={`/${encodeURIComponent(org)}/facilitator/enter`} backLabel="Back to the start" />
  );
}
