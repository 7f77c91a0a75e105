import { ActionIcon, type ActionIconProps, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/locale-provider';
import { ConfirmDeleteDialog, useConfirmDelete } from './confirm-delete';
import classes from './data-table.module.css';
import { ErrorAlert } from './error-alert';
import { PageLoader } from './page-loader';

export interface DataTableColumn<T> {
  /** Column header, also the cell's label on screen readers. */
  header: string;
  /** What the cell shows for one row. */
  render: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  /** Accessible name of the table (e.g. 'Organizations'); shown as a hidden caption. */
  caption: string;
  columns: DataTableColumn<T>[];
  /** The current page's rows; undefined while loading. */
  rows: T[] | undefined;
  getRowKey: (row: T) => string | number;
  /** Names a row in the Edit/Delete buttons' labels ('Edit Acme'). */
  getRowLabel: (row: T) => string;
  /**
   * What a row is, as the confirmation says it: 'Organization', 'User', 'content', 'Room', 'file'
   * (SPEC §2 'Are you sure you want to delete this {thing}?').
   */
  thing: string;
  /** Shows the Edit column. */
  onEdit?: (row: T) => void;
  /**
   * Shows the Delete column. Called after the user answers Yes; a rejected promise keeps the dialog
   * open with 'Error: {message}' in red, a resolved one closes it.
   */
  onDelete?: (row: T) => Promise<unknown>;
  /** Hides the Delete button for some rows (e.g. the caller's own account). */
  canDelete?: (row: T) => boolean;
  /** Shown when there are no rows. */
  emptyText?: string;
  isLoading?: boolean;
  /** A failed load: shown in red as 'Error: {message}'. */
  error?: Error | null;
  /** 1-based page being shown, and the number of pages (ceil(count / page size)). */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/**
 * The load and paging props of a table that shows one page of a server list: the list's query (whose
 * reply counts its `totalPages`) and the page shown, e.g. `{...queryPageProps(list, page, setPage)}`.
 */
export function queryPageProps(
  query: { isPending: boolean; error: Error | null; data?: { totalPages: number } },
  page: number,
  onPageChange: (page: number) => void,
) {
  return {
    isLoading: query.isPending,
    error: query.error,
    page,
    pageCount: query.data?.totalPages ?? 1,
    onPageChange,
  };
}

/**
 * The generic table of SPEC §2: Edit/Delete action columns, 'Page X of Y' with Previous/Next, and a
 * delete confirmation with Yes/No. Paging state lives with the caller (see `useListParams`); the table
 * only renders and reports.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, onEdit, onDelete, canDelete, page, onPageChange } = props;
  const t = useT();
  const confirmDelete = useConfirmDelete<T>(onDelete);
  // An empty list still reads 'Page 1 of 1'.
  const pageCount = Math.max(1, props.pageCount);
  // On a phone the rows are cards (data-table.module.css): nothing to scroll sideways.
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  return (
    <Stack gap="sm">
      {props.error && <ErrorAlert message={t('common.error', { message: props.error.message })} />}
      <Table.ScrollContainer minWidth={isWide ? 560 : 0}>
        <Table striped highlightOnHover verticalSpacing="sm" captionSide="top" className={classes.table}>
          <Table.Caption style={visuallyHidden}>{props.caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col">
                  {column.header}
                </Table.Th>
              ))}
              {onEdit && (
                <Table.Th scope="col" w={72}>
                  {t('common.edit')}
                </Table.Th>
              )}
              {onDelete && (
                <Table.Th scope="col" w={72}>
                  {t('common.delete')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((row) => (
              <Table.Tr key={props.getRowKey(row)}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.header}
                    data-label={column.header}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {column.render(row)}
                  </Table.Td>
                ))}
                <ActionCells
                  row={row}
                  label={props.getRowLabel(row)}
                  onEdit={onEdit}
                  onDelete={onDelete && confirmDelete.ask}
                  canDelete={canDelete}
                />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {props.isLoading && <PageLoader label={t('common.loadingThing', { thing: props.caption })} />}
      {rows?.length === 0 && !props.isLoading && (
        <Text c="dimmed">{props.emptyText ?? t('common.nothingYet')}</Text>
      )}

      <Pager page={page} pageCount={pageCount} caption={props.caption} onPageChange={onPageChange} />

      <ConfirmDeleteDialog state={confirmDelete} thing={props.thing} label={props.getRowLabel} />
    </Stack>
  );
}

/** One action button of a row: light, large, its icon only, named for the row ('Edit Acme'). */
function RowAction({
  label,
  color,
  onClick,
  children,
}: ActionIconProps & { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="light" color={color} size="lg" aria-label={label} onClick={onClick}>
      {children}
    </ActionIcon>
  );
}

/** A row's Edit and Delete buttons, in the columns the table shows (Delete asks first). */
function ActionCells<T>({
  row,
  label,
  onEdit,
  onDelete,
  canDelete,
}: {
  row: T;
  label: string;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  canDelete?: (row: T) => boolean;
}) {
  const t = useT();
  return (
    <>
      {onEdit && (
        <Table.Td className={classes.action}>
          <RowAction label={t('common.editRow', { name: label })} onClick={() => onEdit(row)}>
            <IconPencil size={18} aria-hidden />
          </RowAction>
        </Table.Td>
      )}
      {onDelete && (
        <Table.Td className={classes.action}>
          {(canDelete?.(row) ?? true) && (
            <RowAction
              color="red"
              label={t('common.deleteRow', { name: label })}
              onClick={() => onDelete(row)}
            >
              <IconTrash size={18} aria-hidden />
            </RowAction>
          )}
        </Table.Td>
      )}
    </>
  );
}

/** 'Page X of Y' between Previous and Next. */
function Pager({
  page,
  pageCount,
  caption,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  caption: string;
  onPageChange: (page: number) => void;
}) {
  const t = useT();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      component="nav"
      aria-label={t('common.pages', { thing: caption })}
    >
      {/* The buttons keep their words whole on a 320 px phone; 'Page X of Y' wraps between them. */}
      <Button
        variant="default"
        style={{ flexShrink: 0 }}
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {t('common.previous')}
      </Button>
      <Text aria-live="polite" ta="center" style={{ minWidth: 0 }}>
        {t('common.pageOf', { page: Math.min(page, pageCount), count: pageCount })}
      </Text>
      <Button
        variant="default"
        style={{ flexShrink: 0 }}
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {t('common.next')}
      </Button>
    </Group>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
