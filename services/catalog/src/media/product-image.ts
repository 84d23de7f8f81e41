/**
 * The product images we generate and serve ourselves (no external URLs), for every product without a photo: calm
 * package art in the site's colours (UI.md: clinical, no leaves or smoke): a jar for flowers, a dropper bottle for
 * oil, a box for pre-rolls, with the product's name and its T/C dosage on the label. The tint comes from the slug,
 * the label's stripe from the cannabis type, so products look apart and the same product always looks the same.
 */
export interface ProductImageInput {
  slug: string;
  type: string;
  engName: string;
  dosage: string | null;
  cannabisType: string | null;
}

export const SVG_CONTENT_TYPE = 'image/svg+xml';

/** The theme's colours (web/src/kit/styles/tokens.css). */
const BRAND = '#0b5c63';
const BRAND_STRONG = '#084a50';
const TEXT = '#1f2a2c';
const MUTED = '#4b5b5e';
const BORDER = '#9fb4b6';
/** The label's stripe by cannabis type: muted, never neon. */
const STRIPES: Record<string, string> = { sativa: '#8a4b00', indica: '#4f3f86', hybrid: '#1b6b3a' };
const NAME_LENGTH = 22;

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

const clip = (text: string, length: number): string => ([...text].length > length ? `${[...text].slice(0, length - 1).join('')}…` : text);

/** The label every package carries: a stripe in the type's colour, the name, and the dosage in large numerals. */
function label(x: number, y: number, width: number, name: string, dosage: string, stripe: string): string {
  const middle = x + width / 2;
  // A name longer than the label (about 9.5 px a character at this size) is narrowed to fit it.
  const room = width - 12;
  const fit = [...name].length * 9.5 > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<rect x="${x}" y="${y}" width="${width}" height="96" rx="10" fill="#ffffff" stroke="${BORDER}" stroke-width="2"/>`
    + `<rect x="${x}" y="${y}" width="${width}" height="12" rx="6" fill="${stripe}"/>`
    + `<text x="${middle}" y="${y + 42}" font-family="Arial, Helvetica, sans-serif" font-size="17" font-weight="700" fill="${TEXT}" text-anchor="middle"${fit}>${escapeXml(name)}</text>`
    + (dosage ? `<text x="${middle}" y="${y + 78}" font-family="Arial, Helvetica, sans-serif" font-size="26" font-weight="700" fill="${BRAND}" text-anchor="middle">${escapeXml(dosage)}</text>` : '');
}

/** Flowers: a wide jar with a screw lid. */
function jar(tint: string, name: string, dosage: string, stripe: string): string {
  return `<rect x="92" y="58" width="136" height="34" rx="8" fill="${BRAND_STRONG}"/>`
    + `<rect x="92" y="84" width="136" height="8" fill="${BRAND}"/>`
    + `<rect x="70" y="92" width="180" height="182" rx="30" fill="${tint}" stroke="${BRAND}" stroke-width="4"/>`
    + `<rect x="84" y="104" width="14" height="150" rx="7" fill="#ffffff" fill-opacity="0.5"/>`
    + label(86, 140, 148, name, dosage, stripe);
}

/** Oil: a dropper bottle. */
function bottle(tint: string, name: string, dosage: string, stripe: string): string {
  return `<rect x="146" y="30" width="28" height="30" rx="12" fill="${MUTED}"/>`
    + `<rect x="136" y="58" width="48" height="34" rx="6" fill="${BRAND_STRONG}"/>`
    + `<path d="M 120 92 H 200 Q 232 92 232 124 V 262 Q 232 280 214 280 H 106 Q 88 280 88 262 V 124 Q 88 92 120 92 Z" fill="${tint}" stroke="${BRAND}" stroke-width="4"/>`
    + `<rect x="100" y="110" width="12" height="150" rx="6" fill="#ffffff" fill-opacity="0.5"/>`
    + label(98, 150, 124, name, dosage, stripe);
}

/** Pre-rolls: a flip-top box. */
function box(tint: string, name: string, dosage: string, stripe: string): string {
  return `<path d="M 72 92 L 96 64 H 248 L 224 92 Z" fill="${BRAND}"/>`
    + `<path d="M 224 92 L 248 64 V 248 L 224 276 Z" fill="${BRAND_STRONG}"/>`
    + `<rect x="72" y="92" width="152" height="184" rx="4" fill="${tint}" stroke="${BRAND}" stroke-width="4"/>`
    + `<path d="M 72 128 H 224" stroke="${BRAND}" stroke-width="3"/>`
    + label(82, 146, 132, name, dosage, stripe);
}

export function renderProductImage(input: ProductImageInput): string {
  const h = slugHash(input.slug);
  // Calm teals and sea-greens around the brand's hue, light enough for the dark text of the label.
  const hue = 160 + (h % 40);
  const background = `hsl(${hue}, 22%, ${93 + ((h >>> 8) % 4)}%)`;
  const tint = `hsl(${hue}, 30%, ${84 + ((h >>> 12) % 6)}%)`;
  const stripe = STRIPES[input.cannabisType ?? ''] ?? MUTED;
  const dosage = input.dosage ?? '';
  const name = clip(input.engName, NAME_LENGTH);
  const draw = input.type === 'oil' ? bottle : input.type === 'pre-roll' ? box : jar;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320" role="img" aria-label="${escapeXml(`${input.engName} ${dosage}`.trim())}">`
    + `<rect width="320" height="320" rx="24" fill="${background}"/>`
    + `<ellipse cx="160" cy="292" rx="110" ry="10" fill="${BRAND}" fill-opacity="0.12"/>`
    + draw(tint, name, dosage, stripe)
    + `</svg>`;
}
