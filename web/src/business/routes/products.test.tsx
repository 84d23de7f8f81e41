import { BusinessMessages, DEFAULT_PHARM_PRODUCT, type BusinessPharmProduct, type BusinessProductInfo, type PharmProductFields } from '@mc/contracts';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { heProducts } from '../i18n/he-products';
import { ProductForm } from '../components/product-form';
import { expiryBadge, groupByDosage } from '../components/products-view';
import { ProductsTable } from '../components/ProductsTable';

const product = (slug: string, dosage: string | null, estimatedPrice: number | null = 150, yarpaProductId: string | null = null): BusinessProductInfo => ({
  slug, name: slug, shortName: null, imageUrl: null, estimatedPrice, yarpaProductId,
  info: { hebName: `מוצר ${slug}`, engName: slug, company: null, cannabisType: null, thccbdDosage: dosage },
});
const row = (id: number, dosage: string | null, fields: Partial<BusinessPharmProduct> = {}): BusinessPharmProduct => ({
  id, product: product(`p${id}`, dosage), price: 0, totalPrice: 150, originalPrice: null, inStock: true, alwaysInStock: true, amount: 0,
  expiresAt: null, published: true, isNewByDefault: false, isPopularByDefault: false, isYarpaLocked: false, bumpedAt: null, confirmedAt: '2026-11-20T08:00:00.000Z', ...fields,
});

describe('groupByDosage (spec §2: the list under T/C dosage headings)', () => {
  it('puts consecutive rows of one dosage under one heading, in the server’s order, products without a dosage under their own', () => {
    const groups = groupByDosage([row(1, 'T20/C4'), row(2, 'T20/C4'), row(3, 'T10/C10'), row(4, null), row(5, '')]);
    expect(groups.map((g) => [g.heading, g.rows.map((r) => r.id)])).toEqual([
      [heProducts.dosageGroup('T20/C4'), [1, 2]],
      ['מינון T10/C10', [3]],
      [heProducts.noDosage, [4, 5]],
    ]);
  });

  it('answers no groups for no rows', () => expect(groupByDosage([])).toEqual([]));
});

describe('expiryBadge (spec §4)', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  it("says 'valid until dd/MM/yyyy' beyond 30 days, 'short expiry' within them, 'expired' once past, nothing without a date", () => {
    expect(expiryBadge('2027-06-01', now)).toEqual({ label: 'בתוקף עד 01/06/2027', tone: 'success' });
    expect(expiryBadge('2026-12-20', now)).toEqual({ label: heProducts.expiry.short, tone: 'warning' });
    expect(expiryBadge('2026-12-24', now)).toEqual({ label: heProducts.expiry.short, tone: 'warning' });
    expect(expiryBadge('2026-11-20', now)).toEqual({ label: 'פג תוקף', tone: 'danger' });
    expect(expiryBadge(null, now)).toBeNull();
  });
});

describe('ProductsTable: the licensed-data partner (issue 28)', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const renderTable = (rows: BusinessPharmProduct[]) => render(
    <I18nProvider locale="he-IL">
      <h2 id="bo-products-title">{heProducts.title}</h2>
      <ProductsTable
        businessId="yam-eilat" groups={groupByDosage(rows)} highlight={null} now={now} emptyText={heProducts.empty}
        onEdit={vi.fn()} onBump={vi.fn()} onConfirm={vi.fn()} onDelete={vi.fn()}
      />
    </I18nProvider>,
  );
  const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

  it('shows each product’s partner id, and marks a locked offer as priced and stocked by the partner with its last update', () => {
    renderTable([
      row(1, 'T20/C4', { product: product('p1', 'T20/C4', 150, 'YRP-204729'), isYarpaLocked: true, confirmedAt: '2026-11-28T07:45:00.000Z' }),
      row(2, 'T20/C4', { product: product('p2', 'T20/C4', 150, 'YRP-592000') }),
      row(3, 'T20/C4'),
    ]);
    const locked = rowOf('מוצר p1');
    expect(within(locked).getByText(heProducts.locked).className).toContain('bo-badge-partner');
    expect(within(locked).getByText('YRP-204729').tagName).toBe('BDI');
    expect(within(locked).getByText(heProducts.partnerId, { exact: false })).toBeTruthy();
    // 09:45 in Israel (UTC+2 in November): the partner's time, the offer's confirmation.
    const updated = within(locked).getByText('28/11/2026 09:45');
    expect(updated.tagName).toBe('TIME');
    expect(updated.getAttribute('datetime')).toBe('2026-11-28T07:45:00.000Z');
    expect(updated.parentElement?.textContent).toContain(heProducts.partnerUpdated);
    expect(within(locked).queryByRole('button', { name: heProducts.confirm })).toBeNull();

    const own = rowOf('מוצר p2');
    expect(within(own).getByText('YRP-592000')).toBeTruthy();
    expect(within(own).queryByText(heProducts.locked)).toBeNull();
    expect(within(own).queryByText(heProducts.partnerUpdated, { exact: false })).toBeNull();
    expect(within(own).getByRole('button', { name: heProducts.confirm })).toBeTruthy();

    expect(within(rowOf('מוצר p3')).queryByText(heProducts.partnerId, { exact: false })).toBeNull();
  });
});

function renderForm(props: { initial?: PharmProductFields; locked?: boolean; partnerUpdatedAt?: string; requireChange?: boolean; estimatedPrice?: number | null; onSubmit?: (f: PharmProductFields) => Promise<void> }) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  const rootRoute = createRootRoute({
    component: () => (
      <I18nProvider locale="he-IL">
        <ProductForm
          product={product('kush', 'T20/C4', props.estimatedPrice === undefined ? 150 : props.estimatedPrice, 'YRP-466542')} initial={props.initial ?? DEFAULT_PHARM_PRODUCT}
          locked={props.locked} partnerUpdatedAt={props.partnerUpdatedAt} requireChange={props.requireChange ?? true} submitLabel="שמירה" onSubmit={onSubmit} onCancel={() => undefined}
        />
      </I18nProvider>
    ),
    notFoundComponent: () => null,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router as never} />);
  return { onSubmit };
}

describe('ProductForm (spec §5 Product)', () => {
  it('shows the catalogue price behind 0, disables the stock while always in stock, and keeps save disabled until a change', async () => {
    const { onSubmit } = renderForm({});
    expect(await screen.findByText(heProducts.priceHint('₪150'))).toBeTruthy();
    const amount = screen.getByLabelText(heProducts.fields.amount) as HTMLInputElement;
    expect(amount.disabled).toBe(true);
    const save = screen.getByRole('button', { name: 'שמירה' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: heProducts.fields.alwaysInStock }));
    await waitFor(() => expect(amount.disabled).toBe(false));
    expect(save.disabled).toBe(false);
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(save);
    expect(await screen.findByText(BusinessMessages.stockRequired)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText(heProducts.fields.price), { target: { value: '249.9' } });
    fireEvent.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...DEFAULT_PHARM_PRODUCT, alwaysInStock: false, amount: 7, price: 249.9 }));
  });

  it("refuses an empty or negative price with spec §5's Hebrew", async () => {
    const { onSubmit } = renderForm({ requireChange: false });
    const price = await screen.findByLabelText(heProducts.fields.price);
    fireEvent.change(price, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText(BusinessMessages.priceRequired)).toBeTruthy();
    fireEvent.change(price, { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
    expect(await screen.findByText(BusinessMessages.priceInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('makes price and stock read-only on a partner-locked offer and says why, with the partner’s last update', async () => {
    renderForm({ locked: true, partnerUpdatedAt: '2026-11-28T07:45:00.000Z', initial: { ...DEFAULT_PHARM_PRODUCT, price: 200, alwaysInStock: false, amount: 3 } });
    const price = (await screen.findByLabelText(heProducts.fields.price)) as HTMLInputElement;
    expect(price.readOnly).toBe(true);
    expect((screen.getByLabelText(heProducts.fields.amount) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole('checkbox', { name: heProducts.fields.alwaysInStock }) as HTMLInputElement).disabled).toBe(true);
    const reason = screen.getByText(new RegExp(heProducts.lockedReason));
    expect(reason.textContent).toContain(`${heProducts.partnerUpdated} 28/11/2026 09:45`);
    expect(price.getAttribute('aria-describedby')).toContain(reason.id);
    expect(screen.getByText('YRP-466542')).toBeTruthy();
  });

  it('says nothing of the partner on an offer of the pharmacy’s own', async () => {
    renderForm({});
    expect((await screen.findByLabelText(heProducts.fields.price) as HTMLInputElement).readOnly).toBe(false);
    expect(screen.queryByText(new RegExp(heProducts.lockedReason))).toBeNull();
    expect(screen.queryByText(heProducts.partnerUpdated, { exact: false })).toBeNull();
  });

  it('says when the catalogue has no price for the product', async () => {
    renderForm({ estimatedPrice: null });
    expect(await screen.findByText(heProducts.priceHint(null))).toBeTruthy();
  });
});
