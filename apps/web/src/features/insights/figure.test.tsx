import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { FigureCard } from './figure';

type Row = { name: string; games: number };

function renderFigure(rows: Row[], onExport = () => {}) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <FigureCard<Row>
          title="By organization"
          onExport={onExport}
          caption="Games per organization"
          columns={[
            ['Organization', (r) => r.name],
            ['Games', (r) => r.games],
          ]}
          rows={rows}
          empty={<p>Nothing yet</p>}
        />
      ),
    },
  ]);
}

describe('FigureCard', () => {
  it('shows each row under its headings and exports the figure', async () => {
    const onExport = vi.fn();
    renderFigure(
      [
        { name: 'Acme', games: 3 },
        { name: 'Globex', games: 0 },
      ],
      onExport,
    );
    const figure = await screen.findByRole('region', { name: 'By organization' });
    const table = within(figure).getByRole('table', { name: 'Games per organization' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Organization', 'Games']);
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['OrganizationGames', 'Acme3', 'Globex0']);
    fireEvent.click(within(figure).getByRole('button', { name: /By organization/ }));
    expect(onExport).toHaveBeenCalledOnce();
  });

  it('shows its empty text instead of a table with no rows', async () => {
    renderFigure([]);
    expect(await screen.findByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
