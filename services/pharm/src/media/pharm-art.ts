/**
 * The pharmacies' pictures, drawn here rather than fetched from anywhere: a logo (a pharmacy cross on the
 * pharmacy's own colour, with its initial) and image slides (the slide's title on its background).
 * Deterministic: the same pharmacy always gets the same colours.
 */
const PALETTE = ['#0f766e', '#15803d', '#1d4ed8', '#7c3aed', '#be123c', '#b45309', '#0369a1', '#4d7c0f'];

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const colourOf = (slug: string): string => PALETTE[hash(slug) % PALETTE.length];

const COLOUR = /^#[0-9a-fA-F]{3,8}$/;

/** The first letter of the name after the words every pharmacy carries. */
function initialOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && !['בית', 'מרקחת', 'פארם'].includes(w));
  return [...(words[0] ?? name)][0] ?? '';
}

export function logoSvg(slug: string, name: string): string {
  const colour = colourOf(slug);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)}">
<rect width="128" height="128" rx="24" fill="${colour}"/>
<path d="M52 24h24v28h28v24H76v28H52V76H24V52h28z" fill="#fff" opacity="0.92"/>
<text x="64" y="73" font-family="Arial, sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="${colour}">${escapeXml(initialOf(name))}</text>
</svg>`;
}

export function slideSvg(slug: string, pharmName: string, title: string, background?: string): string {
  const fill = background && COLOUR.test(background) ? background : colourOf(slug);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${fill}"/><stop offset="1" stop-color="#0b1f1a"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>
<circle cx="1080" cy="80" r="160" fill="#fff" opacity="0.08"/><circle cx="140" cy="360" r="120" fill="#fff" opacity="0.06"/>
<text x="600" y="190" direction="rtl" font-family="Arial, sans-serif" font-size="64" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(title)}</text>
<text x="600" y="260" direction="rtl" font-family="Arial, sans-serif" font-size="34" text-anchor="middle" fill="#fff" opacity="0.85">${escapeXml(pharmName)}</text>
</svg>`;
}

/** The file names of /media/pharms/: `<slug>.svg` or `<slug>.slide-<n>.svg`. */
export function parseMediaFile(file: unknown): { slug: string; slide?: number } | undefined {
  if (typeof file !== 'string') return undefined;
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.slide-([1-4]))?\.svg$/.exec(file);
  if (!match || match[1].length > 200) return undefined;
  return { slug: match[1], slide: match[2] ? Number(match[2]) : undefined };
}
