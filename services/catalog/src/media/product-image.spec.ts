import { escapeXml, renderProductImage, slugHash } from './product-image';

const product = { slug: 'dr-green-t20-c4', type: 'flower', engName: 'Dr. Green', dosage: 'T20/C4', cannabisType: 'sativa' };

describe('product image', () => {
  it('is a complete SVG document with the dosage and name', () => {
    const svg = renderProductImage(product);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('>T20/C4</text>');
    expect(svg).toContain('>Dr. Green</text>');
  });

  it('is the same for the same product and differs between products and forms', () => {
    expect(renderProductImage(product)).toBe(renderProductImage({ ...product }));
    expect(renderProductImage({ ...product, slug: 'other-t20-c4' })).not.toBe(renderProductImage(product));
    const forms = ['flower', 'oil', 'pre-roll'].map((type) => renderProductImage({ ...product, type }));
    expect(new Set(forms).size).toBe(3);
    expect(slugHash('abc')).toBe(slugHash('abc'));
  });

  it('escapes text, so a name cannot break out of the drawing', () => {
    const svg = renderProductImage({ ...product, engName: '<script>"x" & co' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&quot;x&quot; &amp; co');
    expect(escapeXml(`a'b`)).toBe('a&apos;b');
  });

  it('draws calm package art in the theme colours: no leaf, no smoke, the name clipped to fit the label', () => {
    for (const type of ['flower', 'oil', 'pre-roll']) {
      const svg = renderProductImage({ ...product, type });
      expect(svg).not.toMatch(/<ellipse[^>]*rotate\(/);
      expect(svg).toContain('#0b5c63');
      expect(svg).not.toMatch(/hsl\((?:[0-9]|[0-9][0-9]|1[0-5][0-9]),/);
    }
    const svg = renderProductImage({ ...product, engName: 'A Very Long Product Name Indeed' });
    expect(svg).toContain('>A Very Long Product N…</text>');
    expect(svg).toContain('aria-label="A Very Long Product Name Indeed T20/C4"');
  });

  it('draws a product without dosage or cannabis type', () => {
    expect(renderProductImage({ ...product, dosage: null, cannabisType: null })).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });
});
