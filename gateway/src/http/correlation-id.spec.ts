import { correlationIdOf } from './correlation-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the request's correlation id", () => {
  it("is the caller's when it is a UUID (in lower case)", () => {
    expect(correlationIdOf('0b6f3a52-2d7c-4f1e-9a41-5c3d2e1f0a9b')).toBe('0b6f3a52-2d7c-4f1e-9a41-5c3d2e1f0a9b');
    expect(correlationIdOf('0B6F3A52-2D7C-4F1E-9A41-5C3D2E1F0A9B')).toBe('0b6f3a52-2d7c-4f1e-9a41-5c3d2e1f0a9b');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['made-up text', 'e2e-1732712345'],
    ['a UUID with more around it', ' 0b6f3a52-2d7c-4f1e-9a41-5c3d2e1f0a9b'],
    ['a UUID and a line break', '0b6f3a52-2d7c-4f1e-9a41-5c3d2e1f0a9b\n{"level":60}'],
    ['a UUID without hyphens', '0b6f3a522d7c4f1e9a415c3d2e1f0a9b'],
    ['not hex', 'zb6f3a52-2d7c-4f1e-9a41-5c3d2e1f0a9b'],
    ['long', 'x'.repeat(10_000)],
    ['repeated', ['0b6f3a52-2d7c-4f1e-9a41-5c3d2e1f0a9b', '0b6f3a52-2d7c-4f1e-9a41-5c3d2e1f0a9c']],
  ])('is a new UUID when the header is %s', (_what, header) => {
    const id = correlationIdOf(header);
    expect(id).toMatch(UUID);
    expect(correlationIdOf(header)).not.toBe(id);
  });
});
