import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render';
import { NameForm } from './name-form';

describe('NameForm', () => {
  afterEach(() => activateLanguage('en'));

  it.each([
    ['en', 'Save', 'This field is required'],
    ['de', 'Save', 'Dieses Feld ist erforderlich'],
  ] as const)(
    "an empty name says 'required' in the reader's language (%s)",
    async (language, submit, error) => {
      await activateLanguage(language);
      renderRoutes([
        { path: '/', element: <NameForm kind="workshop" submitLabel={submit} onSubmit={() => {}} /> },
      ]);
      fireEvent.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByText(error)).toBeTruthy();
    },
  );
});
