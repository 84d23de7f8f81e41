import { DOCUMENT_KINDS, Messages } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../kit/queries/query-client';
import { DocumentsForm } from './DocumentsForm';

const UID = '5b0c3a4e-8f7d-4c1e-9a2b-3c4d5e6f7a8b';
const LABELS = { idDocument: 'תעודת זהות', licenseDocument: 'רישיון קנאביס', prescriptionDocument: 'מרשם בתוקף' } as const;

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;
beforeEach(() => {
  answer = () => new Response(null, { status: 204 });
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(target: { batchUid: string } | { orderId: number } = { batchUid: UID }) {
  const onSubmitted = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DocumentsForm target={target} onSubmitted={onSubmitted} />
    </QueryClientProvider>,
  );
  return onSubmitted;
}

const input = (kind: keyof typeof LABELS) => screen.getByLabelText(LABELS[kind]) as HTMLInputElement;
const choose = (kind: keyof typeof LABELS, chosen: File) => fireEvent.change(input(kind), { target: { files: [chosen] } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'שליחת המסמכים' }));

describe('DocumentsForm', () => {
  it('says which documents are missing and sends nothing', () => {
    renderForm();
    send();
    expect(screen.getByText('יש לבחור קובץ תעודת זהות')).toBeTruthy();
    expect(screen.getByText('יש לבחור קובץ רישיון קנאביס')).toBeTruthy();
    expect(screen.getByText('יש לבחור קובץ מרשם בתוקף')).toBeTruthy();
    expect(input('idDocument').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('idDocument'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file of 3 MB or more and one that is neither an image nor a PDF, before any upload', () => {
    renderForm();
    choose('idDocument', file('id.jpg', 'image/jpeg', 3_000_000));
    expect(screen.getByText('יש לבחור קובץ לא יותר מ-3MB')).toBeTruthy();
    choose('licenseDocument', file('licence.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'));
    expect(screen.getByText('יש לבחור קובץ תמונה/PDF בלבד')).toBeTruthy();
    choose('prescriptionDocument', file('rx.pdf', 'application/pdf'));
    send();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getAllByText(/יש לבחור קובץ/)).toHaveLength(2);
    // Fixing a file clears its message.
    choose('idDocument', file('id.jpg', 'image/jpeg', 2_999_999));
    expect(screen.queryByText('יש לבחור קובץ לא יותר מ-3MB')).toBeNull();
  });

  it('uploads the three files, and nothing else, to the batch and says so', async () => {
    const onSubmitted = renderForm();
    const chosen = { idDocument: file('id.png', 'image/png'), licenseDocument: file('licence.pdf', 'application/pdf'), prescriptionDocument: file('rx.heic', 'image/heic') };
    for (const kind of DOCUMENT_KINDS) choose(kind, chosen[kind]);
    expect(screen.getByText('הקבצים נשלחים ישירות לבית המרקחת בדוא״ל ואינם נשמרים אצלנו', { exact: false })).toBeTruthy();
    send();
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(await screen.findByText(Messages.documentsSubmitted)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/orders/batches/${UID}/documents`);
    expect(init.method).toBe('POST');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()].sort()).toEqual([...DOCUMENT_KINDS].sort());
    for (const kind of DOCUMENT_KINDS) {
      const sent = body.getAll(kind);
      expect(sent).toHaveLength(1);
      expect((sent[0] as File).name).toBe(chosen[kind].name);
      expect((sent[0] as File).size).toBe(chosen[kind].size);
    }
    // The browser writes the multipart boundary: no JSON content type.
    expect(new Headers(init.headers).get('content-type')).toBeNull();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it('sends one order’s documents to its own path', async () => {
    renderForm({ orderId: 42 });
    for (const kind of DOCUMENT_KINDS) choose(kind, file(`${kind}.pdf`, 'application/pdf'));
    send();
    await screen.findByText(Messages.documentsSubmitted);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/orders/42/documents');
  });

  it('apologises with the server’s message when the upload fails, and lets the patient try again', async () => {
    answer = () => new Response(JSON.stringify({ statusCode: 400, code: 'BAD_REQUEST', message: Messages.documentsNotAccepted }), { status: 400 });
    const onSubmitted = renderForm();
    for (const kind of DOCUMENT_KINDS) choose(kind, file(`${kind}.pdf`, 'application/pdf'));
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(Messages.documentsFailed);
    expect(alert.textContent).toContain(Messages.documentsNotAccepted);
    expect(onSubmitted).not.toHaveBeenCalled();
    answer = () => new Response(null, { status: 204 });
    send();
    await waitFor(() => expect(screen.getByText(Messages.documentsSubmitted)).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
