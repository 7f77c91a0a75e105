import { MantineProvider } from '@mantine/core';
import type { ContentReply } from '@playshop/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme/theme';
import { OrderedContentList } from './ordered-content-list';

const item = (id: number, title: string): ContentReply => ({
  id,
  title,
  type: 'OTHER',
  description: '',
  script: null,
  categoryId: 1,
  category: { id: 1, name: 'Safety' },
  question: null,
  image: null,
  video: null,
});

function Editable({ initial }: { initial: ContentReply[] }) {
  const [items, setItems] = useState(initial);
  return <OrderedContentList label="Session content" items={items} onChange={setItems} />;
}

const renderList = (ui: React.ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
const titles = () =>
  within(screen.getByRole('list', { name: 'Session content' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('a session content list', () => {
  const three = [item(1, 'Alpha'), item(2, 'Bravo'), item(3, 'Charlie')];

  it('moves items with the buttons and announces each move', () => {
    renderList(<Editable initial={three} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Charlie up' }));
    expect(titles()).toEqual([
      expect.stringContaining('Alpha'),
      expect.stringContaining('Charlie'),
      expect.stringContaining('Bravo'),
    ]);
    expect(screen.getByText('Charlie moved to position 2 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move Alpha up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Alpha' }));
    expect(titles()).toHaveLength(2);
    expect(screen.getByText('Alpha removed')).toBeTruthy();
  });

  it('offers a drag handle per row, reachable by keyboard, and none when read-only', () => {
    const { unmount } = renderList(<Editable initial={three} />);
    const handle = screen.getByRole('button', { name: 'Drag Bravo' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(handle.tabIndex).toBe(0);
    unmount();
    renderList(<OrderedContentList label="Session content" items={three} />);
    expect(screen.queryByRole('button', { name: /Drag|Move/ })).toBeNull();
  });
});
