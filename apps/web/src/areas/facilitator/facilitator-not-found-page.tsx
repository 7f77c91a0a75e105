import { useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { PageNotFound } from '../../ui/page-not-found';

/** A facilitator path with no screen: 'Page not found' inside the facilitator layout. */
export function FacilitatorNotFoundPage() {
  const org = useParams().org ?? '';
  const t = useT();
  return (
    <PageNotFound
      backTo={`/${encodeURIComponent(org)}/facilitator/enter`}
      backLabel={t('facilitator.backToStart')}
    />
  );
}
