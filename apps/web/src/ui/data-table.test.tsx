import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { DataTable } from './data-table';
import { SearchBox } from './search-box';

interface Row {
  id: number;
  name: string;
}

function Harness({
  onDelete,
  pageCount = 2,
}: {
  onDelete: (row: Row) => Promise<unknown>;
  pageCount?: number;
}) {
  const [page, setPage] = useState(1);
  return (
    <DataTable<Row>
      caption="Things"
      thing="Organization"
      columns={[{ header: 'Name', render: (row) => row.name }]}
      rows={[{ id: 1, name: `Acme p${page}` }]}
      getRowKey={(row) => row.id}
      getRowLabel={(row) => row.name}
      onEdit={() => {}}
      onDelete={onDelete}
      page={page}
      pageCount={pageCount}
      onPageChange={setPage}
    />
  );
}

describe('DataTable', () => {
  it('names each cell after its column, the label a phone shows above it on the row card', () => {
    renderRoutes([{ path: '/', element: <Harness onDelete={async () => {}} /> }]);
    const cell = screen.getByRole('cell', { name: 'Acme p1' });
    expect(cell.getAttribute('data-label')).toBe('Name');
  });

  it("pages with Previous/Next and reads 'Page X of Y'", () => {
    renderRoutes([{ path: '/', element: <Harness onDelete={async () => {}} /> }]);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByText('Acme p2')).toBeTruthy();
    expect(next.disabled).toBe(true);
    expect(previous.disabled).toBe(false);
  });

  it("an empty list reads 'Page 1 of 1'", () => {
    renderRoutes([{ path: '/', element: <Harness onDelete={async () => {}} pageCount={0} /> }]);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('asks before deleting; No keeps the row, Yes deletes it', async () => {
    const onDelete = vi.fn(async () => {});
    renderRoutes([{ path: '/', element: <Harness onDelete={onDelete} /> }]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme p1' }));
    expect(await screen.findByText('Are you sure you want to delete this Organization?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onDelete).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme p1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith({ id: 1, name: 'Acme p1' }));
  });

  it("keeps the dialog open with 'Error: {message}' when the delete fails", async () => {
    renderRoutes([
      { path: '/', element: <Harness onDelete={async () => Promise.reject(new Error('In use'))} /> },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme p1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Error: In use')).toBeTruthy();
  });
});

describe('SearchBox', () => {
  function SearchHarness({ onSearch }: { onSearch: (term: string) => void }) {
    const [term, setTerm] = useState('');
    return (
      <SearchBox
        label="Search"
        term={term}
        onSearch={(next) => {
          onSearch(next);
          setTerm(next);
        }}
      />
    );
  }

  it('submits the trimmed term on submit and offers Clear only while a term is active', () => {
    const onSearch = vi.fn();
    renderRoutes([{ path: '/', element: <SearchHarness onSearch={onSearch} /> }]);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    const input = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  smith ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('smith');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(input.value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });
});
