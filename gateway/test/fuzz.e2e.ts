// Sends malformed requests generated from the OpenAPI document to every operation, while other callers' valid
// requests keep going: no answer may be a 5xx, no body may show a stack or SQL, every valid request must answer
// 200, and the stack must be healthy afterwards. Deterministic: FUZZ_SEED reproduces a run, FUZZ_REQUESTS sizes it.
import { waitFor } from '@mc/kit/testing';
import { CLIENT_HEADERS, api, gatewayUrl } from './http';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { clearRateLimits } = require('./stack.setup') as { clearRateLimits: () => Promise<void> };

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 16;

/** mulberry32: small, fast and the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)], chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

type OpenApi = { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>; components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> } };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every path+method of the document, with the names of its parameters and body fields. */
function operationsOf(doc: OpenApi): Operation[] {
  const schemaFields = (ref: unknown): string[] => {
    const name = typeof ref === 'string' ? ref.split('/').pop()! : '';
    return Object.keys(doc.components?.schemas?.[name]?.properties ?? {});
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      const body = JSON.stringify(op.requestBody ?? {});
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: [...body.matchAll(/"\$ref":"([^"]+)"/g)].flatMap((m) => schemaFields(m[1])),
      });
    }
  }
  return ops;
}

/** Names the API's bodies and queries use (the document does not describe every body). */
const KNOWN_FIELDS = [
  'email', 'password', 'token', 'firstName', 'lastName', 'phone', 'code', 'id', 'subscribe', 'subscribed', 'agreeTOU',
  'newPassword', 'currentPassword', 'confirmPassword', 'activationToken', 'address', 'houseNumber', 'floor', 'apartment',
  'isDefault', 'lat', 'lng', 'productSlug', 'cartItems', 'message', 'name', 'visitorId', 'path', 'text', 'businessId',
  'pharmProductId', 'quantity', 'qty', 'search', 'page', 'size', 'limit', 'sort', 'term', 'types', 'cannabisTypes',
  'priceRange', 'inStock', 'companies', 'dosages', 'city', 'slug', 'returnTo', 'state', 'redirect_uri', 'client_id',
  'grant_type', 'access', 'client', 'redirect', '__proto__', 'constructor',
];

const HUGE_NUMBERS = [99999999999, 2147483648, -2147483649, 1e308, -1e308, 2 ** 53 + 2, 5e-324, 0, -1, 1.5];
const NASTY_STRINGS = [
  '', ' ', 'a\u0000b', '\u0000', '\u001b[31m', 'שלום', '🌿'.repeat(50), '../../etc/passwd', '%00', "' OR 1=1 --",
  '"; DROP TABLE users; --', '<script>alert(1)</script>', '\\', 'null', 'NaN', 'Infinity', '1e308', '99999999999',
  '-1', '0x10', '\ud800', '\uFEFF', 'x'.repeat(10_001), 'א'.repeat(3001), '{"a":1}', '$where', '${7*7}', '\r\n\t',
];
const PATH_VALUES = [
  '99999999999', '2147483648', '-1', '0', '1e308', 'NaN', '%00', 'a%00b', '%1F', encodeURIComponent('שלום'), '..', '..%2F..%2Fetc',
  '%2e%2e%2f', 'x'.repeat(5000), '%', '%E0%A4%A', '%ZZ', encodeURIComponent('{}'), ' ', '%20', 'A', 'a.b', encodeURIComponent("' OR 1=1"),
  '__proto__', 'constructor', '9'.repeat(400), encodeURIComponent('🌿'), '1.5', '00001',
];
const QUERY_VALUES = [...PATH_VALUES, '', 'true', 'false', '1,2,3', encodeURIComponent('10-20'), encodeURIComponent('-5--1'), `${'9'.repeat(30)}-1`, '99999999999-99999999999', '1e400', '[]'];

function badValue(rng: Rng, depth: number): unknown {
  switch (rng.int(10)) {
    case 0: return rng.pick(HUGE_NUMBERS);
    case 1: case 2: return rng.pick(NASTY_STRINGS);
    case 3: return null;
    case 4: return rng.chance(0.5);
    case 5: return depth > 3 ? [] : Array.from({ length: rng.int(4) }, () => badValue(rng, depth + 1));
    case 6: return depth > 3 ? {} : badObject(rng, depth + 1);
    case 7: return { toString: 1, valueOf: 'x' };
    case 8: return nested(rng, 2 + rng.int(30));
    default: return rng.int(100);
  }
}

function badObject(rng: Rng, depth: number, fields: string[] = KNOWN_FIELDS): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0, n = 1 + rng.int(6); i < n; i++) out[rng.chance(0.9) ? rng.pick(fields) : rng.pick(NASTY_STRINGS).slice(0, 50)] = badValue(rng, depth);
  return out;
}

function nested(rng: Rng, levels: number): unknown {
  let value: unknown = rng.pick(NASTY_STRINGS).slice(0, 20);
  for (let i = 0; i < levels; i++) value = rng.chance(0.5) ? [value] : { [rng.pick(KNOWN_FIELDS)]: value };
  return value;
}

interface FuzzRequest { method: string; url: string; headers: Record<string, string>; body?: string }

/** One malformed request for `op`: bad path params, bad query values, and (but for GET, which fetch sends without) a bad body, type or size. */
function malformed(rng: Rng, op: Operation, tokens: { valid: string }, realSlugs: string[]): FuzzRequest {
  let path = op.path;
  for (const name of op.pathParams) path = path.replace(`{${name}}`, rng.chance(0.25) ? rng.pick(realSlugs) : rng.pick(PATH_VALUES));
  const queryNames = [...op.queryParams, ...KNOWN_FIELDS];
  let search = '';
  for (let i = 0, n = rng.int(4); i < n; i++) {
    const name = rng.chance(0.6) && op.queryParams.length ? rng.pick(op.queryParams) : rng.pick(queryNames);
    const shape = rng.int(4);
    search += `&${shape === 0 ? `${name}[a]` : shape === 1 ? `${name}[]` : name}=${rng.pick(QUERY_VALUES)}`;
  }
  const headers: Record<string, string> = { ...CLIENT_HEADERS };
  const auth = rng.int(4);
  if (auth <= 1) headers.authorization = `Bearer ${tokens.valid}`;
  else if (auth === 2) headers.authorization = rng.pick(['Bearer a.b.c', `Bearer ${'x'.repeat(3000)}`, 'Basic Zm9vOmJhcg==', 'Bearer ', `Bearer ${tokens.valid}x`]);
  let body: string | undefined;
  if (op.method !== 'GET') {
    const kind = rng.int(12);
    const fields = op.bodyFields.length ? op.bodyFields : KNOWN_FIELDS;
    headers['content-type'] = 'application/json';
    if (kind <= 5) body = JSON.stringify(badObject(rng, 0, rng.chance(0.7) ? fields : KNOWN_FIELDS));
    else if (kind === 6) body = JSON.stringify(badValue(rng, 0));
    else if (kind === 7) body = rng.pick(['{', '{"a":', 'nul', '[1,]', '{"a":1}}', '\u0000', '\uFEFF{}', '{"a":"\\u0000"}', '{"__proto__":{"x":1}}', '{"a":1e999}', '"']);
    else if (kind === 8) {
      headers['content-type'] = rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1', 'image/png', '']);
      body = rng.pick(['a=1&b=2', '<a>1</a>', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', '{"email":"a@b.co"}', '\u0000\u0001']);
      if (!headers['content-type']) delete headers['content-type'];
    } else if (kind === 9) body = JSON.stringify({ [rng.pick(fields)]: 'x'.repeat(300 * 1024) });
    // Under the body limit: many items for the services' own limits to refuse.
    else if (kind === 10) body = JSON.stringify({ cartItems: Array.from({ length: 2000 }, (_, i) => ({ pharmProductId: rng.chance(0.5) ? i : rng.pick(HUGE_NUMBERS), amount: rng.pick(HUGE_NUMBERS) })) });
    else body = JSON.stringify(nested(rng, 9 + rng.int(2000)));
  }
  return { method: op.method, url: `${gatewayUrl()}${path}${search ? `?${search.slice(1)}` : ''}`, headers, body };
}

/** What a body must never show: a stack frame, a module path or SQL. */
const LEAKS = [/\bat [\w$.<>[\] ]+ \(.*:\d+:\d+\)/, /\n\s+at /, /node_modules/, /\bSELECT\b/, /\bINSERT\b/, /syntax error/, /relation "/];

async function send(req: FuzzRequest): Promise<{ status: number; text: string }> {
  try {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: -1, text: `${String(err)} ${String((err as { cause?: unknown }).cause ?? '')}` };
  }
}

const waitHealthy = () => waitFor('the stack to be healthy before the fuzz',
  async () => (await api('/api/health')).status === 200 && (await api('/api/products')).status === 200, { timeoutMs: 30_000, intervalMs: 200 });

const signIn = async (email: string, password: string): Promise<string> => {
  const res = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return res.body.jwt as string;
};

describe('fuzzing every operation of the OpenAPI document', () => {
  afterAll(async () => {
    // The fuzz fills per-client rate-limit counters: tests after it start without them.
    await clearRateLimits();
  });

  it(`answers ${REQUESTS} malformed requests with no 5xx and no internals, while valid requests of others keep answering 200`, async () => {
    await waitHealthy();
    await clearRateLimits();
    const doc = (await api('/api/docs/json')).body as OpenApi;
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(30);

    // A fixture account of its own for the fuzz (a business owner: the business routes are fuzzed too); the patient for valid reads.
    const fuzzToken = await signIn('company@medcanna.local', 'demo-company');
    const patientToken = await signIn('patient@medcanna.local', 'demo-patient');
    const products = (await api('/api/products')).body.products as { slug: string }[];
    const pharms = (await api('/api/pharms')).body.pharms as { slug: string }[];
    const productSlug = products[0].slug;
    const pharmSlug = pharms[0].slug;
    const realSlugs = [productSlug, pharmSlug, '1', '2'];

    const rng = prng(SEED);
    const requests = Array.from({ length: REQUESTS }, (_, i) => malformed(rng, ops[i % ops.length], { valid: fuzzToken }, realSlugs));

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const describeReq = (r: FuzzRequest) => `${r.method} ${r.url.slice(gatewayUrl().length, 200)} ${r.body ? `body ${r.body.slice(0, 120)}` : ''}`;
    let next = 0;
    let fuzzing = true;

    const fuzzWorker = async () => {
      while (next < requests.length) {
        const req = requests[next++];
        const { status, text } = await send(req);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500 || status === -1) failures.push(`${status} ${describeReq(req)} → ${text.slice(0, 200)}`);
        else if (LEAKS.some((leak) => leak.test(text))) failures.push(`leak ${status} ${describeReq(req)} → ${text.slice(0, 300)}`);
      }
    };

    const valid = { sent: 0, ok: 0, failed: [] as string[] };
    const validLoop = async () => {
      const calls: [string, RequestInit?][] = [
        ['/api/products'],
        [`/api/products/${productSlug}`],
        [`/api/pharms/${pharmSlug}`],
        ['/api/user', { headers: { authorization: `Bearer ${patientToken}` } }],
      ];
      for (let i = 0; fuzzing; i++) {
        const [path, init] = calls[i % calls.length];
        // Other callers: each request from a client of its own (the fuzz, from 127.0.0.1, holds that client's 16 requests in flight).
        const res = await api(path, { ...init, headers: { ...init?.headers as Record<string, string>, 'x-forwarded-for': `198.19.${(i >> 8) & 255}.${i & 255}` } });
        valid.sent++;
        if (res.status === 200) valid.ok++;
        else valid.failed.push(`${res.status} ${path} ${JSON.stringify(res.body).slice(0, 200)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    const started = Date.now();
    const loop = validLoop();
    await Promise.all(Array.from({ length: CONCURRENCY }, fuzzWorker));
    fuzzing = false;
    await loop;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const counts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
    console.log(`fuzz (seed ${SEED}): ${REQUESTS} malformed requests over ${ops.length} operations in ${seconds} s; answers ${counts}; `
      + `${failures.length} failures; valid requests during it: ${valid.ok}/${valid.sent} answered 200`);

    expect(failures.slice(0, 20)).toEqual([]);
    expect(valid.failed.slice(0, 20)).toEqual([]);
    expect(valid.sent).toBeGreaterThan(20);

    const health = await api('/api/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
  }, 240_000);
});
