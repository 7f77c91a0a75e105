import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { parseRouteId } from '../../ui/parse-route-id';
import { useContentItem, useSaveContent } from './content-api';
import { ContentForm, contentToForm } from './content-form';

/** `contentId` must be a whole number (SPEC §2); anything else is 'Content not found'. */
/** `{org}/admin/content/edit-content/{contentId}`. */
export function EditContentPage() {
  const t = useT();
  const id = parseRouteId(useParams().contentId);
  const item = useContentItem(id);
  const save = useSaveContent(id ?? undefined);
  const navigate = useNavigate();
  const back = (
    <ButtonWithIcon
      icon={IconArrowLeft}
      variant="default"
      onClick={() => navigate('../..', { relative: 'path' })}
    >
      {t('content.back')}
    </ButtonWithIcon>
  );

  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>{t('content.edit')}</PageTitle>
      {id !== null && item.isPending && <PageLoader label={t('content.loading')} showLabel />}
      {(id === null || item.isError) && (
        <Stack gap="md" align="flex-start">
          <Alert color="red" variant="light" role="alert">
            <Text c="red.9">
              {item.error && (item.error as { status?: number }).status !== 404
                ? t('content.error', { message: item.error.message })
                : t('content.contentNotFound')}
            </Text>
          </Alert>
          {back}
        </Stack>
      )}
      {item.data && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <ContentForm
            key={item.data.id}
            initialValues={contentToForm(item.data)}
            submitLabel={t('content.save')}
            actions={back}
            onSubmit={async (input) => {
              await save.mutateAsync(input);
              navigate('../..', { relative: 'path' });
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
