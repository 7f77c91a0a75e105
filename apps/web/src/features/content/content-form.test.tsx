import { english } from '@playshop/messages/english';
import type { ContentInput } from '@playshop/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { ContentForm, emptyContentForm } from './content-form';

/** The API as far as the form reads it: the categories for the Category select. */
function fakeApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/getcategories')) return Response.json([{ id: 7, name: 'Safety' }]);
      return new Response(null, { status: 404 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const onSubmit = vi.fn(async (_input: ContentInput) => {});
  renderRoutes([
    {
      path: '/',
      element: <ContentForm initialValues={emptyContentForm} submitLabel="Save" onSubmit={onSubmit} />,
    },
  ]);
  return onSubmit;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

describe('ContentForm', () => {
  it('names an empty type and category as soon as each is left, before any Save', async () => {
    fakeApi();
    renderForm();
    await screen.findByRole('option', { name: 'Safety' });

    fireEvent.blur(field('Type'));
    expect(await screen.findByText('Please select a type')).toBeTruthy();
    // Only the field that was left: the category has not been visited yet.
    expect(screen.queryByText(english('content.categoryRequired'))).toBeNull();

    fireEvent.blur(field('Category'));
    expect(await screen.findByText(english('content.categoryRequired'))).toBeTruthy();
  });

  it('names an empty title and description of the chosen type when each is left (SPEC §5 texts)', async () => {
    fakeApi();
    renderForm();
    await screen.findByRole('option', { name: 'Safety' });
    fireEvent.change(field('Type'), { target: { value: 'OTHER' } });
    fireEvent.blur(field('Type'));

    fireEvent.blur(field('Title'));
    expect(await screen.findByText(english('content.titleRequired'))).toBeTruthy();
    expect(screen.queryByText(english('content.descriptionRequired'))).toBeNull();
    fireEvent.blur(field('Description'));
    expect(await screen.findByText(english('content.descriptionRequired'))).toBeTruthy();

    // Fixed and left again: the text goes.
    fireEvent.change(field('Title'), { target: { value: 'Fire exits' } });
    fireEvent.blur(field('Title'));
    await waitFor(() => expect(screen.queryByText(english('content.titleRequired'))).toBeNull());
  });

  it('saves once every field the type needs is filled', async () => {
    fakeApi();
    const onSubmit = renderForm();
    await screen.findByRole('option', { name: 'Safety' });
    fireEvent.change(field('Type'), { target: { value: 'OTHER' } });
    fireEvent.change(field('Category'), { target: { value: '7' } });
    fireEvent.change(field('Title'), { target: { value: 'Fire exits' } });
    fireEvent.change(field('Description'), { target: { value: 'Where they are' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ type: 'OTHER', categoryId: 7, title: 'Fire exits' });
  });

  it('keeps one correct answer: ticking another unticks the first, and answers are added and removed', async () => {
    fakeApi();
    renderForm();
    await screen.findByRole('option', { name: 'Safety' });
    fireEvent.change(field('Type'), { target: { value: 'QUESTION' } });
    const correct = (n: number) => field(`Answer ${n} is correct`) as HTMLInputElement;
    await waitFor(() => expect(correct(1).checked).toBe(true));
    expect(correct(2).checked).toBe(false);

    fireEvent.click(correct(2));
    await waitFor(() => expect(correct(2).checked).toBe(true));
    expect(correct(1).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Add answer' }));
    expect(await screen.findByLabelText('Answer 3', { exact: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove answer 1' }));
    await waitFor(() => expect(screen.queryByLabelText('Answer 3', { exact: true })).toBeNull());
    // The correct one moved up with the rest.
    expect(correct(1).checked).toBe(true);
  });
});
