// A fake of Google's OAuth 2.0 / OpenID Connect provider for the end-to-end tests, speaking the protocol
// of Google's real endpoints (the paths of its discovery document): the authorization page, the token
// endpoint and the userinfo endpoint. The gateway of the e2e stack is pointed at it (GOOGLE_*_URL), so the
// whole sign-in runs as in production, minus Google. Started once by stack.setup.js on a fixed port.
//
// Its sign-in page asks for the account to be: e-mail, names, whether the e-mail is verified, an explicit
// `sub`, and a failure to act out (`fail=token`: the token endpoint answers 500; `fail=userinfo`: userinfo
// answers 503). `GET /__fake/requests` lists what reached the token and userinfo endpoints, for assertions.
'use strict';
const http = require('node:http');
const { createHash, randomBytes } = require('node:crypto');

const PATHS = { authorize: '/o/oauth2/v2/auth', token: '/token', userinfo: '/v1/userinfo', requests: '/__fake/requests' };
const CLIENT = { id: 'e2e-client.apps.googleusercontent.com', secret: 'e2e-google-secret' };
const CODE_MS = 60_000;

const random = (bytes = 24) => randomBytes(bytes).toString('base64url');
const s256 = (verifier) => createHash('sha256').update(verifier).digest('base64url');
const escapeHtml = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const b64json = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

function readBody(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => { text += chunk; });
    req.on('end', () => {
      const type = req.headers['content-type'] || '';
      try {
        resolve(type.includes('application/json') ? JSON.parse(text || '{}') : Object.fromEntries(new URLSearchParams(text)));
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

function send(res, status, body, headers = {}) {
  const isText = typeof body === 'string';
  res.writeHead(status, { 'content-type': isText ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(isText ? body : JSON.stringify(body));
}

const CARRIED = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'prompt'];

function signInPage(params) {
  const hidden = CARRIED.filter((n) => params[n] !== undefined).map((n) => `<input type="hidden" name="${n}" value="${escapeHtml(params[n])}">`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts (fake)</title></head><body>
<h1>Sign in with Google</h1><p>A fake of Google's consent page for the end-to-end tests.</p>
<form method="post" action="${PATHS.authorize}">${hidden}
<label>Email <input name="email" type="email" required></label>
<label>First name <input name="given_name"></label>
<label>Last name <input name="family_name"></label>
<label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label>
<label>Account id (sub) <input name="sub"></label>
<label>Fail at <select name="fail"><option value="">nothing</option><option value="token">token</option><option value="userinfo">userinfo</option></select></label>
<button type="submit" name="action" value="allow">Continue</button>
<button type="submit" name="action" value="deny" formnovalidate>Cancel</button>
</form></body></html>`;
}

/**
 * Starts the fake on `port` (0: any free one); `redirectUris` are the client's registered redirect URIs
 * (Google refuses any other). Resolves with its address, endpoints, client and `close()`.
 */
function startFakeGoogle({ port = 0, host = '127.0.0.1', redirectUris = [] } = {}) {
  const codes = new Map();
  const tokens = new Map();
  const requests = [];

  /** Why Google would show an error page instead of signing in. */
  function refusal(params) {
    if (params.client_id !== CLIENT.id) return 'Error 401: invalid_client';
    if (!redirectUris.includes(params.redirect_uri)) return 'Error 400: redirect_uri_mismatch';
    if (params.response_type !== 'code') return 'Error 400: unsupported_response_type';
    const scopes = String(params.scope || '').split(' ');
    if (!scopes.includes('email') || !scopes.includes('openid')) return 'Error 400: invalid_scope';
    if (params.code_challenge && params.code_challenge_method !== 'S256') return 'Error 400: invalid_request (code_challenge_method)';
    return undefined;
  }

  async function authorize(req, res, url) {
    if (req.method === 'GET') {
      const params = Object.fromEntries(url.searchParams);
      const refused = refusal(params);
      return refused ? send(res, 400, `<!doctype html><h1>${escapeHtml(refused)}</h1>`) : send(res, 200, signInPage(params));
    }
    const form = await readBody(req);
    const refused = refusal(form);
    if (refused) return send(res, 400, `<!doctype html><h1>${escapeHtml(refused)}</h1>`);
    const back = new URL(form.redirect_uri);
    if (form.action === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const email = String(form.email || '').trim();
      const code = `4/0A${random(32)}`;
      codes.set(code, {
        account: {
          sub: form.sub || `1${createHash('sha256').update(email.toLowerCase()).digest('hex').replace(/\D/g, '').slice(0, 20)}`,
          email,
          email_verified: form.email_verified === 'true',
          given_name: form.given_name || undefined,
          family_name: form.family_name || undefined,
        },
        redirectUri: form.redirect_uri,
        challenge: form.code_challenge,
        scope: form.scope,
        fail: form.fail || '',
        expiresAt: Date.now() + CODE_MS,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', form.scope);
      back.searchParams.set('authuser', '0');
      back.searchParams.set('prompt', 'consent');
    }
    if (form.state) back.searchParams.set('state', form.state);
    res.writeHead(302, { location: back.toString(), 'cache-control': 'no-store' });
    res.end();
  }

  async function token(req, res) {
    const body = await readBody(req);
    const basic = (req.headers.authorization || '').startsWith('Basic ')
      ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent) : [];
    const clientId = body.client_id || basic[0];
    const clientSecret = body.client_secret || basic[1];
    requests.push({ endpoint: 'token', grantType: body.grant_type, hasCodeVerifier: Boolean(body.code_verifier), redirectUri: body.redirect_uri, clientId, clientSecretMatches: clientSecret === CLIENT.secret });
    if (clientId !== CLIENT.id || clientSecret !== CLIENT.secret) return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    if (body.grant_type !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' + body.grant_type });
    const issued = codes.get(body.code);
    codes.delete(body.code);
    if (!issued || issued.expiresAt < Date.now()) return send(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
    if (issued.fail === 'token') return send(res, 500, '<!doctype html><title>Error 500 (Server Error)!!1</title><p>That’s an error.</p>');
    if (body.redirect_uri !== issued.redirectUri) return send(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
    if (issued.challenge && (!body.code_verifier || s256(body.code_verifier) !== issued.challenge)) {
      return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
    }
    const accessToken = `ya29.${random(32)}`;
    tokens.set(accessToken, issued);
    const now = Math.floor(Date.now() / 1000);
    const idToken = `${b64json({ alg: 'RS256', kid: 'fake', typ: 'JWT' })}.${b64json({ iss: 'https://accounts.google.com', aud: CLIENT.id, sub: issued.account.sub, email: issued.account.email, iat: now, exp: now + 3599 })}.${random(32)}`;
    send(res, 200, { access_token: accessToken, expires_in: 3599, scope: issued.scope, token_type: 'Bearer', id_token: idToken });
  }

  function userinfo(req, res, url) {
    const header = req.headers.authorization || '';
    const accessToken = header.startsWith('Bearer ') ? header.slice(7) : url.searchParams.get('access_token');
    requests.push({ endpoint: 'userinfo', bearerHeader: header.startsWith('Bearer ') });
    const issued = accessToken && tokens.get(accessToken);
    if (!issued) {
      return send(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' }, { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' });
    }
    if (issued.fail === 'userinfo') return send(res, 503, { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } });
    const { sub, email, email_verified, given_name, family_name } = issued.account;
    const name = [given_name, family_name].filter(Boolean).join(' ') || undefined;
    send(res, 200, { sub, name, given_name, family_name, picture: 'https://lh3.googleusercontent.com/a/fake', email, email_verified });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url, `http://${req.headers.host}`);
    const route = url.pathname === PATHS.authorize ? authorize
      : url.pathname === PATHS.token && req.method === 'POST' ? token
        : url.pathname === PATHS.userinfo && req.method === 'GET' ? userinfo
          : url.pathname === PATHS.requests ? (_q, r) => send(r, 200, { requests })
            : (_q, r) => send(r, 404, { error: 'not_found' });
    Promise.resolve(route(req, res, url)).catch((err) => send(res, 500, { error: 'fake_failed', error_description: String(err) }));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.unref(); // a fake never keeps the test run alive (a failed setup still exits)
      const base = `http://${host}:${server.address().port}`;
      resolve({
        url: base,
        clientId: CLIENT.id,
        clientSecret: CLIENT.secret,
        endpoints: { authorization: base + PATHS.authorize, token: base + PATHS.token, userinfo: base + PATHS.userinfo, requests: base + PATHS.requests },
        close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(() => done()); }),
      });
    });
  });
}

module.exports = { startFakeGoogle, FAKE_GOOGLE_PATHS: PATHS };
