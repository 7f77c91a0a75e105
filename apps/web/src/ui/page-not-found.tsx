import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n/locale-provider';
import { PageTitle } from './page-title';

/**
 * Inside an area's layout: a path with no screen (yet). Keeps the navigation around and offers the
 * way back, instead of the generic error page.
 */
export function PageNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const t = useT();
  return (
    <Stack gap="md" maw={560} py="xl">
      <PageTitle>{t('common.pageNotFound')}</PageTitle>
      <Text>{t('common.pageNotFoundText')}</Text>
      <div>
        <Button component={Link} to={backTo} leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {backLabel}
        </Button>
      </div>
    </Stack>
  );
}
