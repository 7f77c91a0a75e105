import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { PlayerLoginPage } from './player-login-page';

describe('PlayerLoginPage', () => {
  it('shows the title, the username field and the hint about the organization login', () => {
    renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
    expect(screen.getByRole('heading', { level: 1, name: 'PLAYER LOGIN' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeTruthy();
    expect(screen.getByText(/use the/).textContent).toContain('ORGANIZATION login at the top right');
  });

  it("says 'Username is required' when submitted empty", async () => {
    renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
    expect(screen.queryByText('Username is required')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: /Username/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('treats a username of spaces as empty', async () => {
    renderRoutes([{ path: '/', element: <PlayerLoginPage /> }]);
    fireEvent.change(screen.getByRole('textbox', { name: /Username/ }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
  });
});
