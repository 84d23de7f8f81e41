import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { ADDRESS_SEARCH_DEBOUNCE_MS, AddressDto, type AddressSearchResponse } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../queries/query-client';
import { AddressCombobox } from './AddressCombobox';
import { TextField } from './TextField';

const answer: AddressSearchResponse = {
  results: [
    { address: 'הרצל 12, חיפה', text: 'הרצל 12, חיפה', street: 'הרצל', houseNumber: '12', city: 'חיפה', lat: 32.81, lng: 34.99 },
    { address: 'הרצליה 12, חיפה', text: 'הרצליה 12, חיפה', street: 'הרצליה', houseNumber: '12', city: 'חיפה', lat: 32.8, lng: 35 },
  ],
};

function Form() {
  const form = useForm<AddressDto>({ resolver: classValidatorResolver(AddressDto), defaultValues: { address: '', houseNumber: '' } });
  return (
    <form>
      <AddressCombobox
        form={form}
        onChoose={(s) => {
          form.setValue('address', s.address);
          form.setValue('houseNumber', s.houseNumber ?? '');
        }}
      />
      <TextField form={form} name="houseNumber" label="מספר בית" />
    </form>
  );
}

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Form />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'כתובת (רחוב ועיר)' }) as HTMLInputElement;
}

/** Past the typing pause the field waits for before it asks (the test's clock, not a real wait). */
const pastTheDebounce = () => act(async () => {
  await vi.advanceTimersByTimeAsync(ADDRESS_SEARCH_DEBOUNCE_MS + 200);
});

describe('AddressCombobox', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    // Fake timers that still move with real time, so Testing Library's waits keep working.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks once after the typing pauses 500 ms, then moves with the arrows and chooses with Enter', async () => {
    const box = renderForm();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'הר' } });
    fireEvent.change(box, { target: { value: 'הרצל 12 חי' } });
    expect(screen.getByText('מחפשים כתובת…')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await pastTheDebounce();
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    expect(options).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/api/addresses/search?${new URLSearchParams({ text: 'הרצל 12 חי' })}`);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));

    expect(box.value).toBe('הרצל 12, חיפה');
    expect((screen.getByLabelText('מספר בית') as HTMLInputElement).value).toBe('12');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    // The chosen address written into the field is not searched again.
    await pastTheDebounce();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('chooses with a click, and Escape closes the list without choosing', async () => {
    const box = renderForm();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'הרצליה' } });
    await pastTheDebounce();
    await screen.findAllByRole('option', {}, { timeout: 2000 });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('הרצליה');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await act(async () => fireEvent.click(screen.getAllByRole('option')[1]));
    expect(box.value).toBe('הרצליה 12, חיפה');
  });

  it("says 'כתובת לא נמצאת ב-Google' when nothing matches, and the field keeps what was typed", async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ results: [] }), { status: 200 }));
    const box = renderForm();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'רחוב שאיננו 3, עיר' } });
    await pastTheDebounce();
    expect((await screen.findAllByText('כתובת לא נמצאת ב-Google', {}, { timeout: 2000 })).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(box.value).toBe('רחוב שאיננו 3, עיר');
  });

  it('does not ask for one letter, and shows the server message when the search fails', async () => {
    const box = renderForm();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'ה' } });
    await pastTheDebounce();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-expanded')).toBe('false');

    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'נשלחו יותר מדי בקשות' }), { status: 429 }));
    fireEvent.change(box, { target: { value: 'הרצל' } });
    await pastTheDebounce();
    await waitFor(() => expect(screen.getByText('נשלחו יותר מדי בקשות')).toBeTruthy(), { timeout: 2000 });
  });
});
