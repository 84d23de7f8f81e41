import { Messages, Subjects } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpcUntyped, useService, useWorker } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { contactMessages } from '../src/db/schema';
import { SendingModule } from '../src/sending.module';
import { notificationsService } from '../src/service';
import { settledMessages } from './account-emails';

describe('the contact form', () => {
  const service = useService(notificationsService);
  useWorker(notificationsService, 'sender', [SendingModule]);
  /** Any payload, the way anyone on the bus could send it (the form's own bad inputs are among the tests). */
  const send = (contact: unknown, correlationId?: string) => rpcUntyped<{ id: number }>(service.nc(), Subjects.notifications.contactCreate, contact, correlationId);
  const valid = { name: '  ישראל ישראלי ', email: 'israel@example.co.il', phone: '052-1234567', message: 'האם יש משלוח לאילת?' };

  it('keeps the message, trimmed, with the correlation id of the request', async () => {
    const correlationId = `contact-${Date.now()}`;
    const { id } = await send({ ...valid, extra: 'dropped' }, correlationId);
    const db = service.app().get<Database>(DATABASE);
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'ישראל ישראלי', email: valid.email, phone: valid.phone, message: valid.message, correlationId });
    const [forward] = await settledMessages(db, `contact-${id}`);
    expect(forward).toMatchObject({ recipient: 'support@medcanna.local', subject: 'פנייה מהאתר: ישראל ישראלי', status: 'sent' });
    // The stored forward names the contact message; its text is rendered when sending, not kept twice.
    expect(forward).toMatchObject({ template: 'contact', params: { contactId: id } });
    expect(JSON.stringify(forward)).not.toContain(valid.message);
  });

  it.each([
    ['name', { name: ' ' }, Messages.requiredFullName],
    ['email', { email: '' }, Messages.requiredEmail],
    ['email pattern', { email: 'israel@example' }, Messages.invalidEmail],
    ['phone', { phone: undefined }, Messages.requiredPhone],
    ['phone pattern', { phone: '12345' }, Messages.invalidPhone],
    ['message', { message: '' }, Messages.requiredMessage],
    ['message length', { message: 'א'.repeat(3001) }, Messages.contactTooLong],
  ])("refuses a missing or bad %s with the spec's message, keeping nothing", async (_field, change, message) => {
    const db = service.app().get<Database>(DATABASE);
    const before = (await db.select({ id: contactMessages.id }).from(contactMessages)).length;
    await expect(send({ ...valid, ...change })).rejects.toMatchObject({ status: 400, message });
    expect((await db.select({ id: contactMessages.id }).from(contactMessages)).length).toBe(before);
  });
});
