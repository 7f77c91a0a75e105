import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../i18n/locale-provider';

interface SearchBoxProps {
  /** The search in force (the one the list shows); '' when none. */
  term: string;
  /** Called with the trimmed text on submit, and with '' when the search is cleared. */
  onSearch: (term: string) => void;
  /** The field's label (also its accessible name), e.g. 'Search organizations'. */
  label: string;
  /** e.g. 'Search by first or last name'. */
  placeholder?: string;
}

/**
 * The search box of SPEC §2: searches on form submit (Enter or the Search button), and shows a clear
 * button while a term is active. The text being typed is local until submitted.
 */
export function SearchBox({ term, onSearch, label, placeholder }: SearchBoxProps) {
  const t = useT();
  const [draft, setDraft] = useState(term);
  // Follow the active term when it changes from outside (back button, a link).
  useEffect(() => setDraft(term), [term]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  const handleClear = () => {
    setDraft('');
    onSearch('');
  };

  return (
    <search aria-label={label}>
      <form onSubmit={handleSubmit}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={label}
            placeholder={placeholder}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 0 }}
            maxLength={100}
            rightSection={
              term ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('common.clearSearch')}
                  onClick={handleClear}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              ) : null
            }
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('common.search')}
          </Button>
        </Group>
      </form>
    </search>
  );
}
