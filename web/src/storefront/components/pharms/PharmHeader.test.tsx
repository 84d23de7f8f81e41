import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PharmHeader } from './PharmHeader';
import { pharmFixture } from '../../fixtures.test-data';

const pharm = pharmFixture({
  name: 'בית מרקחת מרכז העיר',
  slug: 'merkaz-tel-aviv',
  address: 'אבן גבירול 64',
  city: 'תל אביב-יפו',
  lat: 32.08,
  lng: 34.78,
  distance: 1.24,
  phoneNumber: '03-5271840',
  whatsappNumber: '052-6180422',
  wazeAddress: 'אבן גבירול 64, תל אביב-יפו',
  openingHours: { '0': [{ opensAt: '08:00:00', closesAt: '14:00:00' }] },
  updatedAt: '2026-11-23T11:54:15Z',
});

function renderHeader(now: Date) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <PharmHeader pharm={pharm} now={now} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(<RouterProvider router={router} />);
}

describe('PharmHeader', () => {
  it('shows the status, distance and recent update, and the phone, hours, pickup and shipping dialogs', async () => {
    renderHeader(new Date('2026-11-24T10:00:00Z'));
    expect(await screen.findByRole('heading', { level: 1, name: pharm.name })).toBeTruthy();
    for (const name of ['טלפון', 'שעות פתיחה', 'איסוף עצמי', 'מדיניות משלוחים']) {
      fireEvent.click(screen.getByRole('button', { name }));
    }
    expect(screen.getByRole('heading', { level: 2, name: `יצירת קשר עם ${pharm.name}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: /03-5271840/ }).getAttribute('href')).toBe('tel:035271840');
    expect(screen.getByRole('link', { name: /וואטסאפ/ }).getAttribute('href')).toBe('https://wa.me/972526180422');
    expect(screen.getByText('+972526180422')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Waze/ }).getAttribute('href')).toContain('waze.com/ul?q=');
    expect(screen.getAllByText('פתוח עכשיו')).toHaveLength(2); // the badge and the pickup dialog
    expect(screen.getByText('1.2 ק״מ ממך')).toBeTruthy();
    expect(screen.getByText('23/11/2026 13:54')).toBeTruthy();
    expect(screen.getAllByText('08:00–14:00')).toHaveLength(2); // the hours dialog and the pickup dialog
    expect(screen.getByText('משלוח חינם', { selector: 'strong' })).toBeTruthy();
  });

  it("marks today's row of the hours (Israel's day) in words", async () => {
    // 2026-11-22 is a Sunday; 23:30 UTC on Saturday is already Sunday in Israel.
    renderHeader(new Date('2026-11-21T23:30:00Z'));
    fireEvent.click(await screen.findByRole('button', { name: 'שעות פתיחה' }));
    fireEvent.click(screen.getByRole('button', { name: 'איסוף עצמי' }));
    const today = screen.getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'date');
    expect(today).toHaveLength(2); // the hours dialog and the pickup dialog
    expect(today[0].textContent).toContain('ראשון (היום)');
    expect(today[0].textContent).toContain('08:00–14:00');
    expect(screen.getAllByText(/\(היום\)/)).toHaveLength(2);
  });

  it('hides last updated after 3 days', async () => {
    renderHeader(new Date('2026-11-30T10:00:00Z'));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/עודכן לאחרונה/)).toBeNull();
  });
});
