import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import { can, USER_API, type UserReply } from '@playshop/shared';
import { IconDownload, IconFileImport, IconPlus, type TablerIcon } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { callPath } from '../../api/client';
import { downloadFile } from '../../api/download-file';
import { useCurrentUser } from '../../auth/auth-provider';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { DataTable, type DataTableColumn, queryPageProps } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { SearchBox } from '../../ui/search-box';
import { useListParams } from '../../ui/use-list-params';
import { PlayerImportPanel } from './player-import-panel';
import { UserForm } from './user-form';
import { ROLE_KEYS, type UserKind, useDeleteUser, useUsersPage } from './users-api';

const fullName = (user: UserReply) => `${user.firstName} ${user.lastName}`.trim();

/** The list's columns: a player's username (and guest badge), an admin's email and role. */
function useUserColumns(kind: UserKind): DataTableColumn<UserReply>[] {
  const t = useT();
  return [
    { header: t('users.firstName'), render: (u) => u.firstName },
    { header: t('users.lastName'), render: (u) => u.lastName },
    kind === 'player'
      ? {
          header: t('users.username'),
          render: (u) => (
            <Group gap={6} wrap="nowrap">
              {u.username}
              {u.isGuest && (
                <Badge size="sm" variant="light" color="gray" c="dark">
                  {t('users.guest')}
                </Badge>
              )}
            </Group>
          ),
        }
      : { header: t('users.email'), render: (u) => u.email },
    ...(kind === 'admin'
      ? [{ header: t('users.role'), render: (u: UserReply) => t(ROLE_KEYS[u.role]) }]
      : []),
    { header: t('users.organization'), render: (u) => u.organizationName },
  ];
}

/** The players' CSV export of the actor's organization, as a file named after it. */
function downloadPlayers(actor: { orgId: number; org: string }) {
  void downloadFile(
    callPath(USER_API.player.export, { params: { orgId: actor.orgId } }),
    `${actor.org.replace(/[^\w-]+/g, '-')}-players.csv`,
  );
}

/** A titled section above the list: the import panel or the add form. */
function ListSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" mb="md" id={headingId} tabIndex={-1}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The page's title and its buttons: a player list's CSV export and import, and add (hidden while open). */
function UsersHeader({
  kind,
  onImport,
  onAdd,
  addRef,
}: {
  kind: UserKind;
  onImport?: () => void;
  onAdd?: () => void;
  addRef?: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const actor = useCurrentUser();
  // The player list's two CSV buttons: export and import.
  const csvButton = (icon: TablerIcon, label: string, onClick: () => void) => (
    <ButtonWithIcon icon={icon} variant="default" onClick={onClick}>
      {label}
    </ButtonWithIcon>
  );
  return (
    <Group justify="space-between" align="flex-end">
      <PageTitle>{kind === 'admin' ? t('users.admins') : t('users.players')}</PageTitle>
      <Group gap="sm">
        {kind === 'player' && actor && (
          <>
            {csvButton(IconDownload, t('users.exportCsv'), () => downloadPlayers(actor))}
            {onImport && csvButton(IconFileImport, t('users.importCsv'), onImport)}
          </>
        )}
        {onAdd && (
          <ButtonWithIcon ref={addRef} icon={IconPlus} onClick={onAdd}>
            {kind === 'admin' ? t('users.addAdmin') : t('users.addPlayer')}
          </ButtonWithIcon>
        )}
      </Group>
    </Group>
  );
}

/**
 * `{org}/admin/admin-users`, `{org}/admin/players` and `{org}/facilitator/online/players`: the users
 * of one kind with search, paging, an embedded add form, edit and delete. A super admin sees every
 * organization's; anyone else their own organization's (the server scopes it either way).
 */
export function UsersPage({ kind }: { kind: UserKind }) {
  const t = useT();
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const { page, term, setPage, setTerm } = useListParams();
  const [searchParams] = useSearchParams();
  const isSuper = can(actor?.role, 'readAllOrganizations');
  const list = useUsersPage(kind, isSuper ? 'all' : (actor?.orgId ?? 0), page, term);
  const remove = useDeleteUser(kind);
  // `?add=1` (the dashboard's 'Getting started') opens the form at once.
  const [isAdding, setIsAdding] = useState(() => searchParams.get('add') === '1');
  const [isImporting, setIsImporting] = useState(false);
  const columns = useUserColumns(kind);
  const addForm = useFocusOnToggle(isAdding);

  return (
    <Stack gap="lg">
      <UsersHeader
        kind={kind}
        onImport={isImporting ? undefined : () => setIsImporting(true)}
        onAdd={isAdding ? undefined : () => addForm.toggle(() => setIsAdding(true))}
        addRef={addForm.buttonRef}
      />

      {isImporting && actor && (
        <ListSection title={t('users.importInto', { org: actor.org })}>
          <PlayerImportPanel organizationId={actor.orgId} onDone={() => setIsImporting(false)} />
        </ListSection>
      )}

      {isAdding && (
        <div ref={addForm.formRef}>
          <ListSection title={kind === 'admin' ? t('users.newAdmin') : t('users.newPlayer')}>
            <UserForm
              kind={kind}
              onDone={() => addForm.toggle(() => setIsAdding(false))}
              onCancel={() => addForm.toggle(() => setIsAdding(false))}
            />
          </ListSection>
        </div>
      )}

      <SearchBox
        label={kind === 'admin' ? t('users.searchAdmins') : t('users.searchPlayers')}
        placeholder={t('users.searchPlaceholder')}
        term={term}
        onSearch={setTerm}
      />

      <DataTable<UserReply>
        caption={kind === 'admin' ? t('users.admins') : t('users.players')}
        thing={t('users.thing')}
        columns={columns}
        rows={list.data?.items}
        emptyText={term ? t('users.noMatch') : t('users.none')}
        getRowKey={(u) => u.id}
        getRowLabel={fullName}
        onEdit={(u) => navigate(`edit-${kind}/${u.id}`)}
        onDelete={(u) => remove.mutateAsync(u.id)}
        canDelete={(u) => u.id !== actor?.userId}
        {...queryPageProps(list, page, setPage)}
      />
    </Stack>
  );
}

/**
 * The add button hides while its form is open: opening puts the focus on the form's title (not its
 * first field, whose blur would show 'This field is required' before anything was typed), closing
 * gives it back to the button, so it never falls to the page's body (issue 42).
 */
function useFocusOnToggle(isOpen: boolean) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (isOpen ? formRef.current?.querySelector<HTMLElement>('h2') : buttonRef.current)?.focus();
  }, [isOpen]);
  const toggle = (change: () => void) => {
    toggled.current = true;
    change();
  };
  return { buttonRef, formRef, toggle };
}

export const AdminsPage = () => <UsersPage kind="admin" />;
export const PlayersPage = () => <UsersPage kind="player" />;
