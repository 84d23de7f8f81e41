import { Body, Controller, Get, Headers, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { EMAIL_PATTERN } from '@mc/contracts';
import type { FastifyReply } from 'fastify';
import { OpenEndpoint } from '../../http/client-headers.guard';
import { DevOAuthProvider } from './dev-oauth.provider';
import { DEV_OAUTH, GoogleSettings } from './google-settings';

type Params = Record<string, unknown>;
const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** What the sign-in page passes through from the authorization request, as Google's page does. */
const CARRIED = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem;line-height:1.5}'
  + 'label{display:block;margin-block:.75rem .25rem;font-weight:600}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}'
  + '.actions{display:flex;gap:.5rem;margin-block-start:1.25rem}button{padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}'
  + '.note{color:#444;background:#f4f6f8;border-radius:8px;padding:.75rem}.error{color:#a4001d}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function signInPage(params: Params, error?: string): string {
  const hidden = CARRIED.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name])}">`).join('');
  return page('התחברות עם Google (ספק מקומי)', `<h1>התחברות עם Google</h1>
<p class="note">ספק התחברות מקומי לסביבת הפיתוח, במקום Google: הכתובת שתוזן תיחשב כחשבון Google עם דוא״ל מאומת.</p>
<form method="post" action="${DEV_OAUTH.basePath}/authorize">${hidden}
<label for="email">דוא״ל</label><input id="email" name="email" type="email" dir="ltr" autocomplete="email" required value="${escapeHtml(params.email)}"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="given_name">שם פרטי</label><input id="given_name" name="given_name" autocomplete="given-name" value="${escapeHtml(params.given_name)}">
<label for="family_name">שם משפחה</label><input id="family_name" name="family_name" autocomplete="family-name" value="${escapeHtml(params.family_name)}">
<div class="actions"><button type="submit" name="action" value="allow">המשך</button><button type="submit" name="action" value="deny" formnovalidate>ביטול</button></div>
</form>`);
}

/**
 * `/dev/oauth/…`: a local stand-in for Google's OAuth 2.0 provider, mounted only outside production and only
 * when no Google client is configured, so `make dev` signs in with "Google" without internet. The page asks
 * for an e-mail and sends the browser back with a code; the token and userinfo endpoints speak Google's
 * protocol to the gateway's passport strategy, which does not know the difference.
 */
@ApiExcludeController()
@OpenEndpoint()
@Controller('dev/oauth')
export class DevOAuthController {
  private readonly provider: DevOAuthProvider;

  constructor(@Inject(GoogleSettings) settings: GoogleSettings) {
    this.provider = new DevOAuthProvider(settings.callbackURL);
  }

  @Get('authorize')
  authorize(@Query() query: Params, @Res() reply: FastifyReply): void {
    const refusal = this.provider.refusal(query);
    if (refusal) return this.html(reply, 400, page('שגיאה', `<h1>בקשת התחברות שגויה</h1><p dir="ltr">${escapeHtml(refusal)}</p>`));
    this.html(reply, 200, signInPage(query));
  }

  @Post('authorize')
  approve(@Body() form: Params | undefined, @Res() reply: FastifyReply): void {
    const params = form ?? {};
    const refusal = this.provider.refusal(params);
    if (refusal) return this.html(reply, 400, page('שגיאה', `<h1>בקשת התחברות שגויה</h1><p dir="ltr">${escapeHtml(refusal)}</p>`));
    const back = new URL(String(params.redirect_uri));
    if (params.action === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const email = typeof params.email === 'string' ? params.email.trim() : '';
      if (!EMAIL_PATTERN.test(email)) return this.html(reply, 400, signInPage(params, 'יש להזין כתובת דוא״ל תקינה'));
      const code = this.provider.issueCode(
        { email, givenName: String(params.given_name ?? ''), familyName: String(params.family_name ?? '') },
        { redirectUri: String(params.redirect_uri), challenge: String(params.code_challenge), method: String(params.code_challenge_method) },
      );
      back.searchParams.set('code', code);
      back.searchParams.set('scope', String(params.scope ?? ''));
    }
    if (typeof params.state === 'string' && params.state) back.searchParams.set('state', params.state);
    void reply.header('cache-control', 'no-store').redirect(back.toString(), 302);
  }

  @Post('token')
  token(@Body() body: Params | undefined, @Res() reply: FastifyReply): void {
    const answer = this.provider.exchange(body ?? {});
    void reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
  }

  @Get('userinfo')
  userinfo(@Headers('authorization') authorization: string | undefined, @Query('access_token') queryToken: unknown, @Res() reply: FastifyReply): void {
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
    const claims = this.provider.userinfo(bearer ?? (typeof queryToken === 'string' ? queryToken : undefined));
    if (!claims) {
      void reply.status(401).header('www-authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_request', error_description: 'Invalid Credentials' });
      return;
    }
    void reply.status(200).send(claims);
  }

  private html(reply: FastifyReply, status: number, html: string): void {
    void reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  }
}
