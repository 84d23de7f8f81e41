import { BusinessMessages, DiscountFields, type BusinessDiscount } from '@mc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiscountForm, formatAmount, newDiscountValues } from './discounts.page';

// jsdom has no CSS.escape, which React Aria's collections use.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);

// The leave-page warning needs the router; the form's own behaviour is what is tested here.
vi.mock('../../kit/backoffice/ui', async (original) => ({ ...(await original<typeof import('../../kit/backoffice/ui')>()), useUnsavedChangesWarning: () => undefined }));

const OPTIONS = { pharmProducts: [{ id: 11, name: 'אלפא', originalPrice: 100 }, { id: 12, name: 'בטא', originalPrice: 200.5 }], total: 2, perPage: 30, currentPage: 1 };

let sent: { method: string; url: string; body: unknown }[] = [];
function stubApi() {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url.includes('/discount-product-options')) return Response.json(OPTIONS);
    const discount: BusinessDiscount = { ...body, pharmProducts: [] };
    return Response.json({ discount });
  }));
}

const values = (over: Partial<DiscountFields> = {}) => Object.assign(newDiscountValues(new Date('2026-11-24T10:00:00Z')), over);
function renderForm(over: Partial<DiscountFields> = {}, props: Partial<Parameters<typeof DiscountForm>[0]> = {}) {
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider locale="he-IL">
        <DiscountForm businessId="merkaz-tel-aviv" initial={values(over)} couponsOn onSaved={onSaved} onCancel={() => undefined} {...props} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { onSaved };
}

/** Submits as the save button does (enabled: the form changed). */
const submit = async () => {
  await waitFor(() => expect((saveButton() as HTMLButtonElement).disabled).toBe(false));
  await act(async () => fireEvent.submit(saveButton().closest('form')!));
};
const saveButton = () => screen.getByRole('button', { name: 'שמירה' });
const checkbox = (name: string) => screen.queryByRole('checkbox', { name });
async function choose(label: string, option: string) {
  const select = screen.getAllByText(label).map((l) => l.closest('.bo-select')).find(Boolean) as HTMLElement;
  fireEvent.click(within(select).getByRole('button'));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
  await closed();
}
/** The open list has gone (while it is open, the rest of the page is hidden from the accessibility tree). */
const closed = () => waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
const optionsOf = async (label: string) => {
  const select = screen.getAllByText(label).map((l) => l.closest('.bo-select')).find(Boolean) as HTMLElement;
  fireEvent.click(within(select).getByRole('button'));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox).getAllByRole('option').map((o) => o.textContent);
  // On the list itself: focus may not have reached it yet on a slow machine.
  fireEvent.keyDown(listbox, { key: 'Escape' });
  await closed();
  return names;
};

describe('the discount form', () => {
  beforeEach(stubApi);
  afterEach(() => vi.unstubAllGlobals());

  it('starts with spec §9’s defaults, and save stays disabled until something changes', async () => {
    const d = newDiscountValues(new Date('2026-11-24T10:00:00Z'));
    expect(d).toMatchObject({ type: 'all-products', amountType: 'percent', amount: 10, published: true, startDate: '2026-11-24T10:00:00.000Z', endDate: '2026-12-24T10:00:00.000Z' });
    expect(d.code).toMatch(/^EASY_[A-Z0-9]{8}$/);
    renderForm();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('שם ההנחה'), { target: { value: 'הנחת חורף' } });
    await waitFor(() => expect((saveButton() as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows allowMultiple for all-products only, newCustomersOnly and the price amount type for coupons only', async () => {
    renderForm();
    expect(checkbox('ניתן לשלב עם הנחות אחרות')).not.toBeNull();
    expect(checkbox('ללקוחות חדשים בלבד')).toBeNull();
    expect(await optionsOf('סוג סכום')).toEqual(['אחוזים', 'סכום קבוע']);
    expect(screen.queryByText('מוצרים')).toBeNull();

    await choose('סוג הנחה', 'קופון');
    await waitFor(() => expect(checkbox('ללקוחות חדשים בלבד')).not.toBeNull());
    expect(checkbox('ניתן לשלב עם הנחות אחרות')).toBeNull();
    expect(await optionsOf('סוג סכום')).toEqual(['אחוזים', 'סכום קבוע', 'מחיר']);
    expect(screen.getByLabelText('קוד קופון')).toBeTruthy();

    await choose('סוג סכום', 'מחיר');
    await waitFor(() => expect(screen.getByLabelText('מחיר (₪)')).toBeTruthy());
    // Leaving the coupon type leaves the price amount type too.
    await choose('סוג הנחה', 'כל המוצרים');
    await waitFor(() => expect(screen.getByLabelText('כמות הנחה (%)')).toBeTruthy());
  });

  it('offers the coupon type only while coupons are on', async () => {
    renderForm({}, { couponsOn: false });
    expect(await optionsOf('סוג הנחה')).toEqual(['כל המוצרים', 'מוצרים נבחרים']);
  });

  it('refuses what §5 refuses, with its Hebrew, and sends nothing', async () => {
    renderForm({ name: 'x' });
    fireEvent.change(screen.getByLabelText('שם ההנחה'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('כמות הנחה (%)'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('קוד'), { target: { value: 'קוד' } });
    await submit();
    expect(await screen.findByText(BusinessMessages.discountNameRequired)).toBeTruthy();
    expect(screen.getByText(BusinessMessages.amountTooSmall)).toBeTruthy();
    expect(screen.getByText(BusinessMessages.couponCodeInvalid)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('כמות הנחה (%)'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('קוד'), { target: { value: '' } });
    await submit();
    expect(await screen.findByText(BusinessMessages.discountAmountRequired)).toBeTruthy();
    expect(screen.getByText(BusinessMessages.required)).toBeTruthy();
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it('needs products for specific products, picks them from the pharmacy’s offers and sends their ids', async () => {
    const { onSaved } = renderForm({ name: 'מוצרים', code: 'SOME_1', type: 'specific-products' });
    fireEvent.change(screen.getByLabelText('שם ההנחה'), { target: { value: 'מוצרים נבחרים' } });
    await submit();
    expect(await screen.findByText(BusinessMessages.required)).toBeTruthy();

    const combo = screen.getByRole('combobox', { name: 'מוצרים' });
    act(() => combo.focus());
    fireEvent.change(combo, { target: { value: 'בט' } });
    await waitFor(() => expect(sent.some((s) => s.url.includes('/discount-product-options?page=1&search=%D7%91%D7%98'))).toBe(true));
    fireEvent.click(await screen.findByRole('option', { name: /בטא/ }));
    fireEvent.keyDown(combo, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: 'הסרת בטא' })).toBeTruthy();
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = sent.find((s) => s.method === 'POST')!;
    expect(post.url).toBe('/api/business/merkaz-tel-aviv/discounts');
    expect(post.body).toMatchObject({ name: 'מוצרים נבחרים', code: 'SOME_1', type: 'specific-products', amount: 10, pharmProductIds: [12] });
  });

  it('edits by the current code, and tells of a picked product it does not know (spec §8)', async () => {
    renderForm({ name: 'קופון', code: 'OLD_CODE', type: 'coupon', pharmProductIds: [11, 99] }, { currentCode: 'OLD_CODE', knownProducts: [OPTIONS.pharmProducts[0]] });
    expect(screen.getByRole('alert').textContent).toBe('המוצר 99 לא נמצא');
    fireEvent.click(screen.getByRole('button', { name: 'הסרת אלפא' }));
    fireEvent.change(screen.getByLabelText('קוד קופון'), { target: { value: 'NEW_CODE' } });
    await submit();
    await waitFor(() => expect(sent.some((s) => s.method === 'PATCH')).toBe(true));
    expect(sent.find((s) => s.method === 'PATCH')).toMatchObject({ url: '/api/business/merkaz-tel-aviv/discounts/OLD_CODE', body: { code: 'NEW_CODE', pharmProductIds: [99] } });
  });

  it('shows amounts with % or ₪', () => {
    expect(formatAmount({ amount: 10, amountType: 'percent' })).toBe('10%');
    expect(formatAmount({ amount: 12.5, amountType: 'fixed' })).toBe('₪12.50');
  });
});
