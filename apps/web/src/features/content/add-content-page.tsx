import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { useSaveContent } from './content-api';
import { ContentForm, emptyContentForm } from './content-form';

/** `{org}/admin/content/add-content`. */
export function AddContentPage() {
  const save = useSaveContent();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>Add Content</PageTitle>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <ContentForm
          initialValues={emptyContentForm}
          submitLabel="Save"
          onSubmit={async (input) => {
            await save.mutateAsync(input);
            navigate('..', { relative: 'path' });
          }}
        />
      </Paper>
    </Stack>
  );
}
