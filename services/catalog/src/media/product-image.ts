/**
 * The product images we generate and serve ourselves (no external URLs): a deterministic SVG drawing
 * of the product's form (a jar of flowers, a dropper bottle of oil, or pre-rolls) with its dosage on
 * the label. The hue comes from the slug, the accent from the cannabis type, so products look apart
 * and the same product always looks the same.
 */
export interface ProductImageInput {
  slug: string;
  type: string;
  engName: string;
  dosage: string | null;
  cannabisType: string | null;
}

export const SVG_CONTENT_TYPE = 'image/svg+xml';

const ACCENTS: Record<string, string> = { sativa: '#f0a030', indica: '#8a5cc7', hybrid: '#3aa37a' };

/** FNV-1a, 32 bits: a stable number from the slug. */
export function slugHash(slug: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) {
    h ^= slug.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A seven-leaflet cannabis leaf centred at the origin, leaflets up to `size` long. */
function leaf(size: number, fill: string): string {
  const leaflets = [[-80, 0.45], [-52, 0.7], [-26, 0.88], [0, 1], [26, 0.88], [52, 0.7], [80, 0.45]]
    .map(([angle, length]) => {
      const l = size * length;
      return `<ellipse cx="0" cy="${(-l / 2).toFixed(1)}" rx="${(l * 0.16).toFixed(1)}" ry="${(l / 2).toFixed(1)}" transform="rotate(${angle})"/>`;
    })
    .join('');
  return `<g fill="${fill}">${leaflets}<rect x="-2" y="0" width="4" height="${(size * 0.35).toFixed(1)}" rx="2"/></g>`;
}

function label(x: number, y: number, width: number, dosage: string, accent: string): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="40" rx="8" fill="#ffffff" stroke="${accent}" stroke-width="3"/>`
    + `<text x="${x + width / 2}" y="${y + 27}" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="#1f2d27" text-anchor="middle">${escapeXml(dosage)}</text>`;
}

function jar(green: string, accent: string, dosage: string): string {
  return `<rect x="95" y="78" width="130" height="26" rx="8" fill="${accent}"/>`
    + `<rect x="85" y="100" width="150" height="150" rx="26" fill="#ffffff" fill-opacity="0.55" stroke="#ffffff" stroke-width="4"/>`
    + `<g transform="translate(160 178)">${leaf(62, green)}</g>`
    + label(105, 196, 110, dosage, accent);
}

function bottle(green: string, accent: string, dosage: string): string {
  return `<ellipse cx="160" cy="70" rx="20" ry="16" fill="${accent}"/>`
    + `<rect x="146" y="78" width="28" height="34" fill="#3b3b3b"/>`
    + `<rect x="105" y="110" width="110" height="150" rx="22" fill="${green}" fill-opacity="0.85" stroke="#ffffff" stroke-width="4"/>`
    + `<g transform="translate(160 168)">${leaf(34, '#ffffff')}</g>`
    + label(112, 200, 96, dosage, accent);
}

function preRolls(green: string, accent: string, dosage: string): string {
  const roll = (angle: number) => `<g transform="translate(160 190) rotate(${angle})">`
    + `<path d="M -10 0 L -17 -120 L 17 -120 L 10 0 Z" fill="#fbf7ee" stroke="#d9cfb8" stroke-width="2"/>`
    + `<rect x="-10" y="-6" width="20" height="26" fill="${accent}"/>`
    + `<path d="M -17 -120 Q 0 -134 17 -120 Z" fill="${green}"/></g>`;
  return roll(-18) + roll(0) + roll(18) + label(105, 222, 110, dosage, accent);
}

export function renderProductImage(input: ProductImageInput): string {
  const h = slugHash(input.slug);
  const hue = 95 + (h % 70); // greens, from yellow-green to teal
  const light = 78 + ((h >>> 8) % 10);
  const background = `hsl(${hue}, 45%, ${light}%)`;
  const backgroundEdge = `hsl(${(hue + 25) % 360}, 40%, ${light - 14}%)`;
  const green = `hsl(${hue + 10}, 55%, 32%)`;
  const accent = ACCENTS[input.cannabisType ?? ''] ?? '#5f7d6e';
  const dosage = input.dosage ?? '';
  const drawing = input.type === 'oil' ? bottle(green, accent, dosage) : input.type === 'pre-roll' ? preRolls(green, accent, dosage) : jar(green, accent, dosage);
  const name = escapeXml(input.engName.slice(0, 28));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320" role="img" aria-label="${name} ${escapeXml(dosage)}">`
    + `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${backgroundEdge}"/></linearGradient></defs>`
    + `<rect width="320" height="320" rx="24" fill="url(#bg)"/>`
    + drawing
    + `<text x="160" y="298" font-family="Arial, Helvetica, sans-serif" font-size="18" fill="#1f2d27" text-anchor="middle">${name}</text>`
    + `</svg>`;
}
