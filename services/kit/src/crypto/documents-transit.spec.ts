import { openDocument, sealDocument, transitKey, transitKeyConfigured } from './documents-transit';

describe('documents in transit', () => {
  const key = transitKey({ APP_ENV: 'test', DOCUMENTS_TRANSIT_KEY: '' });
  const file = Buffer.from('%PDF-1.4 a prescription');

  it('seal and open with the same key and context; the sealed bytes do not contain the file', () => {
    const sealed = sealDocument(key, file, 'ref:idDocument');
    expect(sealed.includes(file)).toBe(false);
    expect(openDocument(key, sealed, 'ref:idDocument')).toEqual(file);
  });

  it('refuse another key, another context (a file moved to another upload or kind) or altered bytes', () => {
    const sealed = sealDocument(key, file, 'ref:idDocument');
    expect(() => openDocument(Buffer.alloc(32, 7), sealed, 'ref:idDocument')).toThrow();
    expect(() => openDocument(key, sealed, 'ref:licenseDocument')).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    expect(() => openDocument(key, altered, 'ref:idDocument')).toThrow();
  });

  it('has a local key in development and test only; production needs its own', () => {
    expect(transitKeyConfigured({ APP_ENV: 'development', DOCUMENTS_TRANSIT_KEY: '' })).toBe(true);
    expect(transitKeyConfigured({ APP_ENV: 'production', DOCUMENTS_TRANSIT_KEY: '' })).toBe(false);
    expect(() => transitKey({ APP_ENV: 'production', DOCUMENTS_TRANSIT_KEY: '' })).toThrow();
    expect(transitKey({ APP_ENV: 'production', DOCUMENTS_TRANSIT_KEY: 'a1'.repeat(32) })).toEqual(Buffer.from('a1'.repeat(32), 'hex'));
  });
});
