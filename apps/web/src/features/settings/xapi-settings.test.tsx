import type { OrgXapi } from '@playshop/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { XapiSettingsPanel } from './xapi-settings';

const saved: OrgXapi = {
  orgId: 7,
  enabled: false,
  endpoint: 'https://lrs.example.org/xapi/',
  key: 'playshop',
  hasSecret: true,
  identifyByEmail: false,
  queue: {
    waiting: 3,
    refused: 0,
    lastDeliveredAt: null,
    lastError: '503 Service Unavailable',
    lastErrorAt: '2026-12-05T10:00:00.000Z',
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('XapiSettingsPanel', () => {
  it("shows the queue, tests with the form's values and shows the store's answer, saves keeping the secret", async () => {
    const api = fakeApi({
      'GET /organizations/7/xapi': () => ({ body: saved }),
      'POST /organizations/7/xapi/test': () => ({
        body: {
          ok: false,
          status: 401,
          message:
            'The learning record store refused the key and secret (401): check them, and that they may write statements.',
          key: 'xapi.testUnauthorized',
          params: { status: 401 },
          statementId: '5b0c6c52-3a38-5f0e-9d6a-0d5f4b0f3a11',
        },
      }),
      'PUT /organizations/7/xapi': (call) => ({ body: { ...saved, ...(call.body as object) } }),
    });
    renderRoutes([{ path: '/', element: <XapiSettingsPanel orgId={7} /> }]);
    expect(await screen.findByText('3 statements waiting')).toBeTruthy();
    expect(screen.getByText(/503 Service Unavailable/)).toBeTruthy();
    expect(screen.getByText('A secret is stored. Leave this empty to keep it.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Key (user name)' }), {
      target: { value: ' other ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send a test statement' }));
    const answer = await screen.findByTestId('xapi-test-answer');
    expect(answer.textContent).toBe(
      'The learning record store refused the key and secret (401): check them, and that they may write statements.',
    );
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      endpoint: 'https://lrs.example.org/xapi/',
      key: 'other',
      secret: '',
    });

    fireEvent.click(screen.getByRole('switch', { name: 'Send statements' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      endpoint: 'https://lrs.example.org/xapi/',
      key: 'other',
      secret: '',
      identifyByEmail: false,
    });
  });
});
