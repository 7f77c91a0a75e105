import { Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { MaterialFolder } from '@playshop/shared';
import { IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './materials.module.css';

export type NameOrder = 'asc' | 'desc';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function sortFolders(folders: readonly MaterialFolder[], order: NameOrder): MaterialFolder[] {
  const sorted = [...folders].sort((a, b) => collator.compare(a.name, b.name));
  return order === 'asc' ? sorted : sorted.reverse();
}

/** Folder cards, each one link to the folder (the whole card is the target, for thumbs). */
export function FolderGrid({
  folders,
  hrefOf,
  label,
}: {
  folders: MaterialFolder[];
  hrefOf: (folder: MaterialFolder) => string;
  /** Names the list for screen readers ('Folders', 'Subfolders'). */
  label: string;
}) {
  return (
    <SimpleGrid
      component="ul"
      aria-label={label}
      cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
      spacing="md"
      className={classes.grid}
    >
      {folders.map((folder) => (
        <li key={folder.path}>
          <UnstyledButton component={Link} to={hrefOf(folder)} className={classes.folderLink}>
            <Paper withBorder radius="md" p="md" className={classes.folderCard}>
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                <IconFolder size={22} />
              </ThemeIcon>
              <Text fw={600} className={classes.folderName}>
                {folder.name}
              </Text>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
