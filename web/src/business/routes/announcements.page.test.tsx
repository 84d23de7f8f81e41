import { BusinessMessages } from '@mc/contracts';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../kit/auth/session';
import { AnnouncementForm, PublicationBadge } from './announcements.page';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwtOf = (role: string) => `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role, ver: 0, biz: ['merkaz-tel-aviv'] })}.sig`;

const PERIOD = { startDate: '2026-11-30T22:00:00.000Z', endDate: '2026-12-31T21:59:59.999Z' };
const BLANK = { type: 'BANNER' as const, name: '', content: '', published: true, ...PERIOD };
const SAVED = { type: 'DISCOUNT' as const, name: 'חג', content: 'סגור בחג', published: true, ...PERIOD };

function renderForm(role: string, props: Partial<Parameters<typeof AnnouncementForm>[0]> = {}) {
  sessions.signIn({ jwt: jwtOf(role) });
  const save = vi.fn(async () => ({}));
  const onDone = vi.fn();
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <I18nProvider locale="he-IL">
          <AnnouncementForm initial={BLANK} isEdit={false} save={save} onDone={onDone} onCancel={() => undefined} {...props} />
        </I18nProvider>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return { save, onDone };
}

const saveButton = () => screen.getByRole('button', { name: 'שמירה' });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => sessions.signOut());

describe('the announcement form (spec §5, §6)', () => {
  it('keeps save disabled until something changed, counts the content, and sends no type for an owner', async () => {
    const { save, onDone } = renderForm('business_owner');
    await screen.findByLabelText('שם ההכרזה');
    expect(screen.queryByText('סוג ההכרזה')).toBeNull();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    type('שם ההכרזה', 'שעות חג');
    type('תוכן ההכרזה', 'סגור בערב החג');
    expect(screen.getByText('13/90')).toBeTruthy();
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'שעות חג', content: 'סגור בערב החג', published: true, ...PERIOD }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('shows spec §5’s messages and does not save', async () => {
    const { save } = renderForm('business_owner');
    await screen.findByLabelText('שם ההכרזה');
    type('תוכן ההכרזה', 'א'.repeat(91));
    expect(screen.getByText('91/90').className).toContain('bo-counter-over');
    fireEvent.click(saveButton());
    expect(await screen.findByText(BusinessMessages.announcementNameRequired)).toBeTruthy();
    expect(screen.getByText(BusinessMessages.announcementContentTooLong)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('asks for an end date when the announcement has none', async () => {
    const { save } = renderForm('business_owner', { initial: { ...SAVED, endDate: '' }, isEdit: true });
    await screen.findByLabelText('שם ההכרזה');
    type('שם ההכרזה', 'חג שמח');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText(BusinessMessages.endDateRequired)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('lets an admin choose the type when creating, and sends it', async () => {
    const { save } = renderForm('admin');
    const select = await screen.findByRole('button', { name: /סוג ההכרזה/ });
    expect(select.hasAttribute('disabled')).toBe(false);
    type('שם ההכרזה', 'מבצע');
    type('תוכן ההכרזה', '10% הנחה');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ type: 'BANNER', name: 'מבצע' })));
  });

  it('shows an admin the type read-only when editing, and never sends it', async () => {
    const { save } = renderForm('admin', { initial: SAVED, isEdit: true });
    const select = await screen.findByRole('button', { name: /סוג ההכרזה/ });
    expect(select.hasAttribute('disabled')).toBe(true);
    expect(select.textContent).toContain('הנחה');
    type('תוכן ההכרזה', 'סגור בחג ובמוצאי החג');
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]).toEqual([{ name: 'חג', content: 'סגור בחג ובמוצאי החג', published: true, ...PERIOD }]);
  });
});

describe('the publication column (an ended announcement is not shown on the pharmacy page)', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const badge = (published: boolean, endDate: string | null) => {
    const { container, unmount } = render(<PublicationBadge announcement={{ published, endDate }} now={now} />);
    const text = container.textContent;
    unmount();
    return text;
  };

  it("says 'הסתיימה', never 'מפורסמת', once the end has passed", () => {
    expect(badge(true, '2026-11-26T21:59:59.999Z')).toBe('הסתיימה');
    expect(badge(false, '2026-11-26T21:59:59.999Z')).toBe('הסתיימה');
    expect(badge(true, '2026-11-27T12:00:00.000Z')).toBe('הסתיימה');
  });

  it('says published or not while it runs, or when it has no end', () => {
    expect(badge(true, '2026-11-27T21:59:59.999Z')).toBe('מפורסמת');
    expect(badge(false, '2026-11-27T21:59:59.999Z')).toBe('לא מפורסמת');
    expect(badge(true, null)).toBe('מפורסמת');
  });
});
