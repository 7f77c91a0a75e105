import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const renderPage = (url = '/reset-password?token=abc') =>
  renderRoutes([{ path: '/reset-password', element: <ResetPasswordPage /> }], { url });

describe('ResetPasswordPage', () => {
  it('validates as the user types', async () => {
    renderPage();
    const password = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm password/);

    fireEvent.change(password, { target: { value: 'short' } });
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'long enough' } });
    fireEvent.change(confirm, { target: { value: 'long enougH' } });
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.queryByText('Password must be at least 8 characters long')).toBeNull();

    fireEvent.change(confirm, { target: { value: 'long enough' } });
    await waitFor(() => expect(screen.queryByText('The passwords do not match')).toBeNull());
  });

  it('explains a link without a token instead of showing a form that cannot work', () => {
    renderPage('/reset-password');
    expect(screen.getByText('This reset link is invalid or has expired')).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});
