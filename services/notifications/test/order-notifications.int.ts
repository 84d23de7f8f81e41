import { Events, Subjects, type OrderBatchPlacedEvent, type OrderStatusChangedEvent } from '@mc/contracts';
import { DATABASE, documentsTransitKey, REDIS, sealDocument, transitKey, type Database } from '@mc/kit';
import { rpc, useService, useWorker, waitFor } from '@mc/kit/testing';
import { like } from 'drizzle-orm';
import type Redis from 'ioredis';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { outgoingMessages } from '../src/db/schema';
import { SendingModule } from '../src/sending.module';
import { notificationsService } from '../src/service';
import { FakeOrder, newBatch, publish } from './orders';

const settled = (db: Database, eventId: string, count: number) =>
  waitFor(`the ${count} messages of event ${eventId}`, () => db.select().from(outgoingMessages).where(like(outgoingMessages.eventId, `${eventId}-%`)), {
    until: (rows) => rows.length === count && rows.every((r) => r.status !== 'queued'),
    timeoutMs: 20_000,
    intervalMs: 100,
  });

const mailbox = async (nc: NatsConnection) => (await rpc(nc, Subjects.notifications.mailboxList, {})).messages;

describe("order's notifications", () => {
  const service = useService(notificationsService);
  useWorker(notificationsService, 'sender', [SendingModule]);
  const db = () => service.app().get<Database>(DATABASE);
  const order = new FakeOrder();
  beforeAll(() => order.start(service.nc()));
  afterAll(() => order.stop());

  it('a placed batch: each pharmacy gets its new order, the patient one confirmation e-mail and one SMS, once even when the event comes twice', async () => {
    const notice = newBatch(order);
    const data: OrderBatchPlacedEvent = { batchUid: notice.batchUid, userId: 7, orders: notice.orders.map((o) => ({ orderId: o.id, pharmSlug: o.pharm.slug, items: [] })) };
    const eventId = await publish(service.nc(), Events.order.batchPlaced, data);
    await publish(service.nc(), Events.order.batchPlaced, data, eventId);
    const rows = await settled(db(), eventId, 4);
    expect(rows.map((r) => [r.channel, r.template, r.recipient, r.status]).sort()).toEqual([
      ['email', 'order-confirmation', notice.customer.email, 'sent'],
      ['email', 'order-pharmacy', notice.orders[0].orderEmail, 'sent'],
      ['email', 'order-pharmacy', notice.orders[1].orderEmail, 'sent'],
      ['sms', 'order-confirmation-sms', '+972541112233', 'sent'],
    ].sort());
    // The rows keep ids, never the text.
    expect(JSON.stringify(rows)).not.toContain('שמן CBD');
    // A message is marked sent just before the mailbox keeps it.
    const messages = (await waitFor('the batch in the mailbox', () => mailbox(service.nc()), {
      until: (list) => list.filter((m) => [notice.orders[0].orderEmail, notice.orders[1].orderEmail, notice.customer.email, '+972541112233'].includes(m.to)).length >= 4,
      timeoutMs: 10_000,
    }))!;
    const toNorth = messages.filter((m) => m.to === notice.orders[0].orderEmail);
    expect(toNorth).toHaveLength(1);
    expect(toNorth[0].subject).toBe(`הזמנה חדשה #${notice.orders[0].id}`);
    for (const part of ['שמן CBD', 'נועה כהן', notice.customer.email, '0541112233', 'הרצל 7']) expect(toNorth[0].body).toContain(part);
    const toPatient = messages.filter((m) => m.to === notice.customer.email);
    expect(toPatient).toHaveLength(1);
    expect(toPatient[0].body).toContain(`הזמנה #${notice.orders[0].id}`);
    expect(toPatient[0].body).toContain(`הזמנה #${notice.orders[1].id}`);
    expect(messages.filter((m) => m.to === '+972541112233' && m.body.includes(`#${notice.orders[0].id}`))).toHaveLength(1);
  });

  it('a status change tells the patient its new status by e-mail and SMS', async () => {
    const notice = newBatch(order);
    const [first] = notice.orders;
    const data: OrderStatusChangedEvent = { batchUid: notice.batchUid, orderId: first.id, pharmSlug: first.pharm.slug, items: [], from: 'open', to: 'complete' };
    const eventId = await publish(service.nc(), Events.order.statusChanged, data);
    const rows = await settled(db(), eventId, 2);
    expect(rows.map((r) => [r.channel, r.template]).sort()).toEqual([['email', 'order-status'], ['sms', 'order-status-sms']]);
    const email = (await waitFor('the status e-mail in the mailbox', async () => (await mailbox(service.nc())).find((m) => m.to === notice.customer.email && m.subject.includes(`#${first.id}`)), { timeoutMs: 10_000 }))!;
    expect(email.body).toContain('הושלמה');
  });

  it('a status change is told exactly once: one e-mail and one SMS, nothing more when the event is redelivered', async () => {
    const notice = newBatch(order);
    const [first, second] = notice.orders;
    const data: OrderStatusChangedEvent = { batchUid: notice.batchUid, orderId: first.id, pharmSlug: first.pharm.slug, items: [], from: 'pending', to: 'canceled' };
    const eventId = await publish(service.nc(), Events.order.statusChanged, data);
    await settled(db(), eventId, 2);
    // The same event again (a redelivery after a lost ack), then another one behind it: once that one is told, the
    // redelivered one has been handled too.
    await publish(service.nc(), Events.order.statusChanged, data, eventId);
    const later = await publish(service.nc(), Events.order.statusChanged, { ...data, orderId: second.id, pharmSlug: second.pharm.slug });
    await settled(db(), later, 2);
    const rows = await settled(db(), eventId, 2);
    expect(rows.map((r) => [r.channel, r.template, r.status]).sort()).toEqual([['email', 'order-status', 'sent'], ['sms', 'order-status-sms', 'sent']]);
    const messages = await waitFor('the second order in the mailbox', () => mailbox(service.nc()), {
      until: (list) => list.some((m) => m.to === notice.customer.email && m.subject.includes(`#${second.id}`)),
      timeoutMs: 10_000,
    });
    expect(messages!.filter((m) => m.to === notice.customer.email && m.subject.includes(`#${first.id}`))).toHaveLength(1);
    expect(messages!.filter((m) => m.to === '+972541112233' && m.body.includes(`#${first.id}`))).toHaveLength(1);
  });

  describe('documents', () => {
    const redis = () => service.app().get<Redis>(REDIS);
    const key = transitKey({ APP_ENV: 'test', DOCUMENTS_TRANSIT_KEY: '' });
    const files = { idDocument: Buffer.from('\x89PNG\r\n\x1a\n id card'), licenseDocument: Buffer.from('%PDF-1.4 licence'), prescriptionDocument: Buffer.from('%PDF-1.4 prescription') };
    const meta = [
      { kind: 'idDocument' as const, mime: 'image/png', extension: 'png', size: files.idDocument.length },
      { kind: 'licenseDocument' as const, mime: 'application/pdf', extension: 'pdf', size: files.licenseDocument.length },
      { kind: 'prescriptionDocument' as const, mime: 'application/pdf', extension: 'pdf', size: files.prescriptionDocument.length },
    ];

    it('e-mails each pharmacy its three attachments, keeps only their names in the mailbox, deletes the files and tells order', async () => {
      const notice = newBatch(order);
      const ref = randomUUID();
      const deliveryId = randomUUID();
      for (const [kind, bytes] of Object.entries(files)) await redis().hset(documentsTransitKey(ref), kind, sealDocument(key, bytes, `${ref}:${kind}`));
      await redis().expire(documentsTransitKey(ref), 600);
      await rpc(service.nc(), Subjects.notifications.documentsSend, { ref, deliveryId, documents: meta, orders: notice.orders.map((o) => ({ orderId: o.id, batchUid: notice.batchUid })) });
      const finished = await waitFor('order to hear of the delivery', () => order.finished.find((f) => f.deliveryId === deliveryId), { timeoutMs: 20_000 });
      expect(finished).toEqual({ deliveryId, delivered: true });
      expect(await redis().exists(documentsTransitKey(ref))).toBe(0);
      const messages = await mailbox(service.nc());
      for (const o of notice.orders) {
        const mail = messages.filter((m) => m.to === o.orderEmail && m.subject === `מסמכים להזמנה #${o.id}`);
        expect(mail).toHaveLength(1);
        expect(mail[0].attachments).toEqual([
          { filename: 'idDocument.png', contentType: 'image/png', size: files.idDocument.length },
          { filename: 'licenseDocument.pdf', contentType: 'application/pdf', size: files.licenseDocument.length },
          { filename: 'prescriptionDocument.pdf', contentType: 'application/pdf', size: files.prescriptionDocument.length },
        ]);
        expect(JSON.stringify(mail)).not.toContain('prescription"');
        expect(JSON.stringify(mail)).not.toContain('PDF-1.4');
      }
    });

    it('tells order the delivery failed when the files expired (nothing is mailed)', async () => {
      const notice = newBatch(order);
      const deliveryId = randomUUID();
      await rpc(service.nc(), Subjects.notifications.documentsSend, { ref: randomUUID(), deliveryId, documents: meta, orders: [{ orderId: notice.orders[0].id, batchUid: notice.batchUid }] });
      const finished = await waitFor('order to hear of the failure', () => order.finished.find((f) => f.deliveryId === deliveryId), { timeoutMs: 20_000 });
      expect(finished).toEqual({ deliveryId, delivered: false });
      expect((await mailbox(service.nc())).filter((m) => m.to === notice.orders[0].orderEmail)).toHaveLength(0);
    });

    it('refuses a malformed command with a 400', async () => {
      await expect(rpc(service.nc(), Subjects.notifications.documentsSend, { ref: 'x', deliveryId: randomUUID(), documents: [], orders: [] })).rejects.toMatchObject({ status: 400 });
    });
  });
});
