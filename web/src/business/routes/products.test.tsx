import { BusinessMessages, DEFAULT_PHARM_PRODUCT, type BusinessPharmProduct, type BusinessProductInfo, type PharmProductFields } from '@mc/contracts';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { heProducts } from '../i18n/he-products';
import { ProductForm } from '../components/product-form';
import { expiryBadge, groupByDosage } from '../components/products-view';

const product = (slug: string, dosage: string | null, estimatedPrice: number | null = 150): BusinessProductInfo => ({
  slug, name: slug, shortName: null, imageUrl: null, estimatedPrice,
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

function renderForm(props: { initial?: PharmProductFields; locked?: boolean; requireChange?: boolean; estimatedPrice?: number | null; onSubmit?: (f: PharmProductFields) => Promise<void> }) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  const rootRoute = createRootRoute({
    component: () => (
      <I18nProvider locale="he-IL">
        <ProductForm
          product={product('kush', 'T20/C4', props.estimatedPrice === undefined ? 150 : props.estimatedPrice)} initial={props.initial ?? DEFAULT_PHARM_PRODUCT}
          locked={props.locked} requireChange={props.requireChange ?? true} submitLabel="שמירה" onSubmit={onSubmit} onCancel={() => undefined}
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

  it('makes price and stock read-only on a partner-locked offer and says why', async () => {
    renderForm({ locked: true, initial: { ...DEFAULT_PHARM_PRODUCT, price: 200, alwaysInStock: false, amount: 3 } });
    const price = (await screen.findByLabelText(heProducts.fields.price)) as HTMLInputElement;
    expect(price.readOnly).toBe(true);
    expect((screen.getByLabelText(heProducts.fields.amount) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(new RegExp(heProducts.lockedReason))).toBeTruthy();
    expect(price.getAttribute('aria-describedby')).toContain('locked');
  });

  it('says when the catalogue has no price for the product', async () => {
    renderForm({ estimatedPrice: null });
    expect(await screen.findByText(heProducts.priceHint(null))).toBeTruthy();
  });
});
