import { Events, Subjects, type OrderBatchPlacedEvent } from '@mc/contracts';
import { documentsTransitKey, REDIS, sealDocument, transitKey } from '@mc/kit';
import { rpc, useService, useWorker, waitFor } from '@mc/kit/testing';
import type Redis from 'ioredis';
import { simpleParser } from 'mailparser';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { SendingModule } from '../src/sending.module';
import { notificationsService } from '../src/service';
import { FakeOrder, newBatch, publish } from './orders';
import { listenForSmtp } from './smtp-listen';

const received: { to: string[]; raw: string }[] = [];

// A real SMTP server in the test process; the service sends to it as it would to the provider.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  size: 20_000_000,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

describe("order e-mails and documents over SMTP", () => {
  // Before the service starts: it reads SMTP_URL then.
  beforeAll(async () => {
    process.env.SMTP_URL = await listenForSmtp(smtp);
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));
  const service = useService(notificationsService);
  useWorker(notificationsService, 'sender', [SendingModule]);
  const order = new FakeOrder();
  beforeAll(() => order.start(service.nc()));
  afterAll(() => order.stop());
  afterAll(() => {
    delete process.env.SMTP_URL;
  });

  it("sends the pharmacy its new order as right-to-left HTML with a text part", async () => {
    const notice = newBatch(order);
    const data: OrderBatchPlacedEvent = { batchUid: notice.batchUid, userId: 9, orders: notice.orders.map((o) => ({ orderId: o.id, pharmSlug: o.pharm.slug, items: [] })) };
    await publish(service.nc(), Events.order.batchPlaced, data);
    const mail = await waitFor('the new order over SMTP', () => received.find((m) => m.to.includes(notice.orders[0].orderEmail!)), { timeoutMs: 20_000 });
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe(`הזמנה חדשה #${notice.orders[0].id}`);
    expect(parsed.html).toContain('dir="rtl"');
    expect(parsed.text).toContain('שמן CBD');
  });

  it('attaches the three documents, byte for byte, to one e-mail per pharmacy', async () => {
    const notice = newBatch(order);
    const key = transitKey({ APP_ENV: 'test', DOCUMENTS_TRANSIT_KEY: '' });
    const files = {
      idDocument: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100_000, 5)]),
      licenseDocument: Buffer.concat([Buffer.from('%PDF-1.4 licence '), Buffer.alloc(200_000, 6)]),
      prescriptionDocument: Buffer.from('%PDF-1.4 prescription'),
    };
    const ref = randomUUID();
    const deliveryId = randomUUID();
    const redis = service.app().get<Redis>(REDIS);
    for (const [kind, bytes] of Object.entries(files)) await redis.hset(documentsTransitKey(ref), kind, sealDocument(key, bytes, `${ref}:${kind}`));
    await rpc(service.nc(), Subjects.notifications.documentsSend, {
      ref, deliveryId,
      documents: [
        { kind: 'idDocument', mime: 'image/png', extension: 'png', size: files.idDocument.length },
        { kind: 'licenseDocument', mime: 'application/pdf', extension: 'pdf', size: files.licenseDocument.length },
        { kind: 'prescriptionDocument', mime: 'application/pdf', extension: 'pdf', size: files.prescriptionDocument.length },
      ],
      orders: notice.orders.map((o) => ({ orderId: o.id, batchUid: notice.batchUid })),
    });
    expect(await waitFor('order to hear of the delivery', () => order.finished.find((f) => f.deliveryId === deliveryId), { timeoutMs: 20_000 })).toEqual({ deliveryId, delivered: true });
    for (const o of notice.orders) {
      const mails = received.filter((m) => m.to.includes(o.orderEmail!) && m.raw.includes('prescriptionDocument.pdf'));
      expect(mails).toHaveLength(1);
      const parsed = await simpleParser(mails[0].raw);
      expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        ['idDocument.png', 'image/png'], ['licenseDocument.pdf', 'application/pdf'], ['prescriptionDocument.pdf', 'application/pdf'],
      ]);
      expect(parsed.attachments[0].content.equals(files.idDocument)).toBe(true);
      expect(parsed.attachments[1].content.equals(files.licenseDocument)).toBe(true);
    }
    expect(await redis.exists(documentsTransitKey(ref))).toBe(0);
  });
});
