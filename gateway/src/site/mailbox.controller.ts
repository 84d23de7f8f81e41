import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Subjects } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { OpenEndpoint } from '../http/client-headers.guard';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The names of the files an e-mail carried (its attachments' bytes are never kept). */
const attachmentsOf = (attachments?: { filename: string }[]) =>
  attachments?.length ? `<p class="attachments">קבצים מצורפים: ${attachments.map((a) => `<bdi>${escapeHtml(a.filename)}</bdi>`).join(', ')}</p>` : '';

/**
 * `/dev/mailbox`: the e-mails the site would have sent, for local use without an SMTP server (notifications
 * refuses in production, so the page answers 404 there).
 */
@ApiExcludeController()
@Controller('dev/mailbox')
export class MailboxController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @OpenEndpoint()
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  async page(): Promise<string> {
    const { messages } = await this.clients.get('notifications').send(Subjects.notifications.mailboxList, {});
    const items = messages.map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">אל: ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p><pre>${linkify(m.body)}</pre>${attachmentsOf(m.attachments)}</article>`);
    return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>תיבת הדואר המקומית</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccd;border-radius:8px;padding:1rem;margin-block:1rem}pre{white-space:pre-wrap;font-family:inherit}.meta{color:#555}</style>
</head><body><h1>תיבת הדואר המקומית</h1><p>הודעות הדוא״ל שהאתר שלח (ללא שרת SMTP). החדשות למעלה.</p>${items.join('') || '<p>אין הודעות.</p>'}</body></html>`;
  }
}
