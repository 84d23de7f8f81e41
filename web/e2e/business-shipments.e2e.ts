import { BusinessMessages, type BusinessShipmentsPage, type Location, type Quote } from '@mc/contracts';
import { api, inStockOffers, newAccount } from './api';
import * as path from 'path';
import { GATEWAY_URL, SCREENSHOTS_DIR, useBrowser, WIDTHS } from './browser';

// The pharmacy owner adds a shipment area in the back office (Netanya, where merkaz-tel-aviv does not deliver in the
// fixtures) with a price, and a patient's next quote for that city changes from not delivered to that price.
const MERKAZ = 'merkaz-tel-aviv';
const NETANYA = { address: 'הרצל 5, נתניה', houseNumber: '5' };
const NAME = `נתניה ${Date.now().toString(36)}`;

describe('the back office’s shipments in the browser', () => {
  const browser = useBrowser();
  let owner: string;
  let patient: string;

  const merkazShipping = async () => {
    const quote = await api<Quote>('/api/checkout/quote', { method: 'POST', body: { shippingAddress: NETANYA }, token: patient });
    return quote.pharmsQuotes.find((q) => q.pharmSlug === MERKAZ)!.shipping;
  };

  beforeAll(async () => {
    owner = (await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } })).jwt;
    patient = await newAccount(`e2e-bo-shipments-${Date.now()}@example.co.il`, 'a good secret');
    const [offer] = await inStockOffers(MERKAZ);
    await api('/api/cart', { method: 'PUT', body: { cartItems: [{ pharmProductId: offer.id, amount: 1 }] }, token: patient });
  });

  afterAll(async () => {
    const { shipments } = await api<BusinessShipmentsPage>(`/api/business/${MERKAZ}/shipments`, { token: owner });
    for (const s of shipments.filter((s) => s.name === NAME)) await api(`/api/business/${MERKAZ}/shipments/${s.id}`, { method: 'DELETE', token: owner });
  });

  it('adds a shipment to a new city with a price, and the patient’s quote there changes from not delivered to it', async () => {
    expect(await merkazShipping()).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });
    const { locations } = await api<{ locations: Location[] }>('/api/locations');
    const netanya = locations.find((l) => l.type === 'city' && l.displayText === 'נתניה')!;
    const district = locations.find((l) => l.id === netanya.parentId)!;

    const p = browser.page;
    await p.goto(GATEWAY_URL, { waitUntil: 'networkidle' });
    await p.getByRole('button', { name: 'התחברות' }).click();
    const signIn = p.getByRole('dialog');
    await signIn.getByLabel('דוא״ל').fill('pharmacist@medcanna.local');
    await signIn.getByLabel('סיסמה').fill('demo-pharmacist');
    await signIn.getByRole('button', { name: 'התחברות' }).click();
    await signIn.getByText('התחברת בהצלחה').waitFor({ state: 'visible' });
    await p.keyboard.press('Escape');

    await p.goto(`${GATEWAY_URL}/business/${MERKAZ}/shipments`, { waitUntil: 'networkidle' });
    await p.getByRole('heading', { name: 'משלוחים' }).waitFor({ state: 'visible' });
    await p.getByRole('button', { name: 'הוספת משלוח' }).click();
    const dialog = p.getByRole('dialog', { name: 'משלוח חדש' });
    const save = dialog.getByRole('button', { name: 'שמירה' });
    expect(await save.isDisabled()).toBe(true);

    // Required fields first, with the spec's words.
    await dialog.getByLabel('שם המשלוח').fill(' ');
    await save.click();
    await dialog.getByText(BusinessMessages.shipmentNameRequired).waitFor({ state: 'visible' });
    await dialog.getByText(BusinessMessages.required).first().waitFor({ state: 'visible' });

    await dialog.getByLabel('שם המשלוח').fill(NAME);
    // The district covers its cities: checked and disabled while it is selected.
    // A person clicks a checkbox's words (its label); the box itself is drawn over React Aria's hidden input.
    const cities = dialog.getByRole('group', { name: `ערים במחוז ${district.displayText}` });
    const wholeDistrict = dialog.getByRole('checkbox', { name: `כל מחוז ${district.displayText}` });
    const netanyaBox = cities.getByRole('checkbox', { name: 'נתניה', exact: true });
    await dialog.getByText(`כל מחוז ${district.displayText}`, { exact: true }).click();
    expect(await wholeDistrict.isChecked()).toBe(true);
    expect(await netanyaBox.isDisabled()).toBe(true);
    await dialog.getByText(`כל מחוז ${district.displayText}`, { exact: true }).click();
    expect(await wholeDistrict.isChecked()).toBe(false);
    await cities.getByText('נתניה', { exact: true }).click();
    expect(await netanyaBox.isChecked()).toBe(true);
    // The first row defaults to a minimum total price of 0; its price is the fee.
    await dialog.getByLabel('מחיר משלוח (₪)').fill('17.5');
    await save.click();
    await p.getByRole('status').filter({ hasText: 'המשלוח נשמר' }).waitFor({ state: 'visible' });
    const row = p.getByRole('row').filter({ has: p.getByRole('rowheader', { name: NAME }) });
    await row.getByText('מ-₪0: ₪17.50').waitFor({ state: 'visible' });
    await row.getByRole('cell', { name: 'נתניה', exact: true }).waitFor({ state: 'visible' });

    expect(await merkazShipping()).toEqual({ status: 'matched', price: 17.5 });

    // Edit by the address (?editPharmShipment=<id>): free from now on.
    await row.getByRole('button', { name: `עריכה ${NAME}` }).click();
    await p.waitForURL((url) => url.searchParams.has('editPharmShipment'));
    const edit = p.getByRole('dialog', { name: 'עריכת משלוח' });
    await edit.getByLabel('מחיר משלוח (₪)').fill('0');
    await edit.getByRole('button', { name: 'שמירה' }).click();
    await row.getByText('מ-₪0: חינם').waitFor({ state: 'visible' });
    expect(await merkazShipping()).toEqual({ status: 'matched', price: 0 });

    // Delete, after the confirmation.
    await row.getByRole('button', { name: `מחיקה ${NAME}` }).click();
    await p.getByRole('alertdialog', { name: BusinessMessages.confirmDelete }).getByRole('button', { name: 'אישור' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await merkazShipping()).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });
  });
});

describe.each(WIDTHS)('a new shipment pricing row at $width px (issue 26)', (viewport) => {
  const browser = useBrowser({ viewport });

  it('shows the unit beside its number (₪ or ×10 g, as the row means it), so 250 meant as shekels cannot pass for 2,500 g', async () => {
    const { jwt } = await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } });
    const p = browser.page;
    await p.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    await p.goto(`${GATEWAY_URL}/business/${MERKAZ}/shipments`, { waitUntil: 'networkidle' });
    await p.getByRole('button', { name: 'הוספת משלוח' }).click();
    const dialog = p.getByRole('dialog', { name: 'משלוח חדש' });
    await dialog.waitFor({ state: 'visible' });

    /** A row's 'from' field, its unit and where both are drawn. */
    const quantity = async (n: number) => {
      const row = dialog.getByRole('group', { name: `תמחור ${n}` });
      const input = row.getByLabel('מ-');
      const unit = row.getByTestId('pricing-unit');
      const [field, beside] = [await input.boundingBox(), await unit.boundingBox()];
      if (!field || !beside) throw new Error(`row ${n} is not drawn`);
      // Beside the number: on its line, and next to it.
      expect(beside.y + beside.height / 2).toBeGreaterThan(field.y);
      expect(beside.y + beside.height / 2).toBeLessThan(field.y + field.height);
      expect(Math.min(Math.abs(beside.x - (field.x + field.width)), Math.abs(field.x - (beside.x + beside.width)))).toBeLessThan(16);
      return { row, input, unit: (await unit.textContent())?.trim() };
    };

    // The form's first row: a minimum order total, in shekels.
    expect((await quantity(1)).unit).toBe('₪');
    // A new row starts as a count of items, each 10 g: 250 there reads as 2,500 g, at once.
    await dialog.getByRole('button', { name: 'הוספת שורת תמחור' }).click();
    const second = await quantity(2);
    expect(second.unit).toBe('×10 גרם');
    await second.input.fill('250');
    await second.row.getByText('= 2,500 גרם').waitFor({ state: 'visible' });
    await p.screenshot({ path: path.join(SCREENSHOTS_DIR, `business-shipment-pricing-units-${viewport.width}.png`) });
    // Read out with the field: its description is the unit and the grams.
    const described = (await second.input.getAttribute('aria-describedby'))?.split(' ') ?? [];
    expect(described).toContain(await second.row.locator('.bo-unit').getAttribute('id'));
    expect(await second.row.locator('.bo-unit').textContent()).toBe('×10 גרם = 2,500 גרם');
    // Meant as shekels: the row's condition changed, the unit follows and the grams go.
    await second.row.getByRole('button', { name: /סוג תנאי/ }).click();
    await p.getByRole('option', { name: 'סכום הזמנה מינימלי (₪)' }).click();
    expect((await quantity(2)).unit).toBe('₪');
    expect(await second.row.getByText(/^= .* גרם$/).count()).toBe(0);
  });
});
