import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { PageTitle } from '../../ui/page-title';
import { useSaveContent } from './content-api';
import { ContentForm, emptyContentForm } from './content-form';

/** `{org}/admin/content/add-content`. */
export function AddContentPage() {
  const t = useT();
  const save = useSaveContent();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>{t('content.add')}</PageTitle>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <ContentForm
          initialValues={emptyContentForm}
          submitLabel={t('content.save')}
          onSubmit={async (input) => {
            await save.mutateAsync(input);
            navigate('..', { relative: 'path' });
          }}
        />
      </Paper>
    </Stack>
  );
}
