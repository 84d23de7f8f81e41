import { DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, Messages } from '@mc/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { readDocuments, registerDocumentUploads } from './documents';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const TEXT = Buffer.from('just some text, named .pdf');

function form(files: Partial<Record<string, { bytes: Buffer; name: string; type?: string }>>, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [field, file] of Object.entries(files)) {
    if (file) data.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  }
  return data;
}

const all = () => ({
  idDocument: { bytes: PNG, name: 'id.png', type: 'image/png' },
  licenseDocument: { bytes: PDF, name: 'license.pdf' },
  prescriptionDocument: { bytes: PDF, name: 'rx.pdf' },
});

describe('document uploads, read in memory', () => {
  let app: FastifyInstance;
  let seen: unknown[] = [];

  beforeAll(async () => {
    app = Fastify();
    await registerDocumentUploads(app);
    app.post('/api/user/orders/:orderId/documents', async (request, reply) => {
      try {
        const documents = await readDocuments(request);
        seen = documents;
        return documents.map(({ kind, mime, extension, size }) => ({ kind, mime, extension, size }));
      } catch (error) {
        return reply.code((error as { status: number }).status).send(error);
      }
    });
    app.post('/api/contact', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const base = () => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const upload = (body: FormData, path = '/api/user/orders/1/documents') => fetch(`${base()}${path}`, { method: 'POST', body });

  it('takes three documents told by their content, and drops the ID number field', async () => {
    const res = await upload(form(all(), { idNumber: '123456782' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { kind: 'idDocument', mime: 'image/png', extension: 'png', size: PNG.length },
      { kind: 'licenseDocument', mime: 'application/pdf', extension: 'pdf', size: PDF.length },
      { kind: 'prescriptionDocument', mime: 'application/pdf', extension: 'pdf', size: PDF.length },
    ]);
    expect(JSON.stringify(seen)).not.toContain('123456782');
  });

  it.each(DOCUMENT_KINDS)('answers 400 with spec 5 message when %s is missing', async (kind) => {
    const files: Record<string, unknown> = all();
    delete files[kind];
    const res = await upload(form(files as never));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe({ idDocument: Messages.documentIdRequired, licenseDocument: Messages.documentLicenseRequired, prescriptionDocument: Messages.documentPrescriptionRequired }[kind]);
  });

  it('answers 400 for a text file named .pdf and declared a PDF', async () => {
    const res = await upload(form({ ...all(), licenseDocument: { bytes: TEXT, name: 'license.pdf', type: 'application/pdf' } }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(Messages.documentWrongType);
  });

  it('answers 400 for a document of 3,000,000 bytes (each must be under)', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES - PDF.length, 32)]);
    const res = await upload(form({ ...all(), prescriptionDocument: { bytes: big, name: 'rx.pdf' } }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(Messages.documentTooLarge);
  });

  it('takes three documents just under 3,000,000 bytes each (the body is far over the JSON limit)', async () => {
    const near = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES - 1 - PDF.length, 32)]);
    const res = await upload(form({ idDocument: { bytes: near, name: 'a.pdf' }, licenseDocument: { bytes: near, name: 'b.pdf' }, prescriptionDocument: { bytes: near, name: 'c.pdf' } }));
    expect(res.status).toBe(200);
  });

  it('answers 400 (not 5xx) for more files than the three', async () => {
    const data = form(all());
    data.append('extra', new Blob([PDF]), 'd.pdf');
    const res = await upload(data);
    expect(res.status).toBe(400);
  });

  it('refuses multipart on any other route', async () => {
    const res = await upload(form(all()), '/api/contact');
    expect(res.status).toBe(415);
  });
});
