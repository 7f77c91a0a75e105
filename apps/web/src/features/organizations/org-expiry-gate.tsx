import { Container } from '@mantine/core';
import { can } from '@playshop/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { useT } from '../../i18n/locale-provider';
import { PageLoader } from '../../ui/page-loader';
import { RetryAlert } from '../../ui/retry-alert';
import { useOrgExpiry } from './organizations-api';

/**
 * SPEC §2: the admin area checks the logged-in user's organization licence first; an expired one
 * goes to /unauthorized. A super admin is never blocked and is not checked.
 */
export function OrgExpiryGate({ children }: { children: ReactNode }) {
  const t = useT();
  const user = useCurrentUser();
  const isExempt = !user || can(user.role, 'readAllOrganizations');
  const expiry = useOrgExpiry(user?.orgId ?? 0, { enabled: !isExempt });

  if (isExempt) return children;
  if (expiry.isPending) return <PageLoader label={t('orgs.checking')} />;
  if (expiry.isError) {
    return (
      <Container size="sm" py="xl">
        <RetryAlert
          title={t('orgs.checkFailed')}
          retry={t('orgs.tryAgain')}
          onRetry={() => expiry.refetch()}
          buttonMt="sm"
        />
      </Container>
    );
  }
  if (expiry.data.expired) return <Navigate to="/unauthorized" replace />;
  return children;
}
