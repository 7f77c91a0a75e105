import { useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { PageNotFound } from '../../ui/page-not-found';

/** An admin path with no screen: 'Page not found' inside the admin layout. */
export function AdminNotFoundPage() {
  const t = useT();
  const org = useParams().org ?? '';
  return (
    <PageNotFound
      backTo={`/${encodeURIComponent(org)}/admin/dashboard`}
      backLabel={t('common.backToDashboard')}
    />
  );
}
