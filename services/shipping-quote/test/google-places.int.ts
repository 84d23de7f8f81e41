import { Subjects } from '@mc/contracts';
import { rpc, useService } from '@mc/kit/testing';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { shippingQuoteService } from '../src/service';

interface Received {
  method?: string;
  path?: string;
  apiKey?: string | string[];
  contentType?: string;
  body: Record<string, unknown>;
}
const received: Received[] = [];

const prediction = (main: string, secondary: string, types = ['street_address', 'geocode']) => ({
  placePrediction: {
    place: `places/fake-${main}`,
    placeId: `fake-${main}`,
    text: { text: `${main}, ${secondary}`, matches: [{ endOffset: 4 }] },
    structuredFormat: { mainText: { text: main, matches: [{ endOffset: 4 }] }, secondaryText: { text: secondary } },
    types,
  },
});

/** How the fake behaves: as Google does when all is well, or as it fails. */
let mode: 'ok' | 'quota' | 'bad-key' | 'slow' = 'ok';
const slowAnswers = new Set<NodeJS.Timeout>();

/** Answers the way Google's Places API (New) does. */
function answer(input: string, response: ServerResponse): void {
  const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (mode === 'quota') {
    json(429, { error: { code: 429, message: 'Quota exceeded for quota metric', status: 'RESOURCE_EXHAUSTED' } });
  } else if (mode === 'bad-key') {
    json(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
  } else if (mode === 'slow') {
    const timer = setTimeout(() => {
      slowAnswers.delete(timer);
      json(200, { suggestions: [prediction('הרצל 1', 'חיפה, ישראל')] });
    }, 1500);
    slowAnswers.add(timer);
  } else if (input.includes('אין כזה')) {
    json(200, {}); // Google leaves `suggestions` out when nothing matches
  } else {
    json(200, {
      suggestions: [
        prediction('הרצל 12', 'תל אביב-יפו, ישראל'),
        prediction('הרצל 12', 'תל אביב-יפו, ישראל'), // the same address twice
        prediction('הרצל', 'חיפה, ישראל', ['route', 'geocode']),
        prediction('Herzl St 12', 'Tel Aviv-Yafo, Israel'), // not an address the Hebrew form accepts
        prediction('שדרות הרצל 5א', 'ירושלים, ישראל'),
        prediction('הרצל 3', 'ראשון לציון, ישראל'),
        prediction('הרצל 7', 'רחובות, ישראל'),
        prediction('הרצל 9', 'נתניה, ישראל'),
        { queryPrediction: { text: { text: 'הרצל' } } },
      ],
    });
  }
}

const google = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const parsed = JSON.parse(body || '{}') as Record<string, unknown>;
    received.push({ method: request.method, path: request.url, apiKey: request.headers['x-goog-api-key'], contentType: request.headers['content-type'], body: parsed });
    if (request.method !== 'POST' || request.url !== '/v1/places:autocomplete') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, status: 'NOT_FOUND' } }));
      return;
    }
    answer(String(parsed.input ?? ''), response);
  });
});

const ENV = ['GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACES_API_URL', 'GOOGLE_PLACES_TIMEOUT_MS'];

describe('address search over Google Places (a local fake of its HTTP API)', () => {
  beforeAll(async () => {
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      GOOGLE_PLACES_API_KEY: 'AIza-test-key',
      GOOGLE_PLACES_API_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}`,
      GOOGLE_PLACES_TIMEOUT_MS: '300',
    });
  });
  const service = useService(shippingQuoteService);
  afterAll(async () => {
    for (const name of ENV) delete process.env[name];
    for (const timer of slowAnswers) clearTimeout(timer);
    google.closeAllConnections();
    await new Promise<void>((resolve) => google.close(() => resolve()));
  });
  const search = (text: string) => rpc(service.nc(), Subjects.shippingQuote.addressSearch, { text });

  it("asks Google's Autocomplete for Israeli addresses in Hebrew with the key, and answers its predictions as suggestions", async () => {
    const { results } = await search('  הרצל 12 ');
    const request = received.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete', apiKey: 'AIza-test-key', contentType: 'application/json' });
    expect(request.body).toEqual({
      input: 'הרצל 12', languageCode: 'he', regionCode: 'il', includedRegionCodes: ['il'],
      includedPrimaryTypes: ['street_address', 'route', 'premise', 'subpremise'],
    });
    expect(results).toEqual([
      { address: 'הרצל 12, תל אביב-יפו', text: 'הרצל 12, תל אביב-יפו', street: 'הרצל', houseNumber: '12', city: 'תל אביב-יפו' },
      // A street without a number keeps the number typed.
      { address: 'הרצל 12, חיפה', text: 'הרצל 12, חיפה', street: 'הרצל', houseNumber: '12', city: 'חיפה' },
      { address: 'שדרות הרצל 5א, ירושלים', text: 'שדרות הרצל 5א, ירושלים', street: 'שדרות הרצל', houseNumber: '5א', city: 'ירושלים' },
      { address: 'הרצל 3, ראשון לציון', text: 'הרצל 3, ראשון לציון', street: 'הרצל', houseNumber: '3', city: 'ראשון לציון' },
      { address: 'הרצל 7, רחובות', text: 'הרצל 7, רחובות', street: 'הרצל', houseNumber: '7', city: 'רחובות' },
    ]);
  });

  it('answers no suggestions when Google has none', async () => {
    expect(await search('אין כזה רחוב')).toEqual({ results: [] });
  });

  it.each(['quota', 'bad-key', 'slow'] as const)('answers from the gazetteer when Google fails (%s)', async (failure) => {
    mode = failure;
    try {
      const before = received.length;
      const started = Date.now();
      const { results } = await search('הרצל 12, חיפה');
      expect(received.length).toBe(before + 1);
      expect(Date.now() - started).toBeLessThan(1200);
      // The gazetteer's answer: it carries the street's position, which Google's autocomplete never does.
      expect(results[0]).toEqual({
        address: 'הרצל 12, חיפה', text: 'הרצל 12, חיפה', street: 'הרצל', houseNumber: '12', city: 'חיפה', lat: expect.any(Number), lng: expect.any(Number),
      });
    } finally {
      mode = 'ok';
    }
  });
});
