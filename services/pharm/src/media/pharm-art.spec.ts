import { colourOf, logoSvg, parseMediaFile, slideSvg } from './pharm-art';

describe('pharmacy art', () => {
  it('reads only the two kinds of file names', () => {
    expect(parseMediaFile('merkaz-tel-aviv.svg')).toEqual({ slug: 'merkaz-tel-aviv', slide: undefined });
    expect(parseMediaFile('merkaz-tel-aviv.slide-3.svg')).toEqual({ slug: 'merkaz-tel-aviv', slide: 3 });
    for (const bad of ['merkaz.slide-5.svg', 'Merkaz.svg', '../x.svg', 'x.png', 'x.slide-1.png', '', 12, null]) expect(parseMediaFile(bad)).toBeUndefined();
  });

  it('escapes text and ignores a background that is not a colour', () => {
    const svg = slideSvg('a', 'פארם <b>', 'כותרת & "ציטוט"', 'url(javascript:alert(1))');
    expect(svg).toContain('פארם &lt;b&gt;');
    expect(svg).toContain('כותרת &amp; &quot;ציטוט&quot;');
    expect(svg).not.toContain('javascript');
    expect(svg).toContain(colourOf('a'));
    expect(logoSvg('a', 'בית מרקחת רימון')).toContain('>ר</text>');
  });
});
