import { escapeXml, slugHash } from './product-image';

/**
 * The logo we generate for a cannabis company (no external URLs): a calm rounded badge in the site's colours with the
 * company's initials and its name under them. The tint comes from the slug, so companies look apart and each always the same.
 */
export interface CompanyLogoInput {
  slug: string;
  name: string;
}

/** The first letter of each of the first two words (Hebrew or Latin). */
const initials = (name: string): string => name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => [...w][0]).join('');

export function renderCompanyLogo(input: CompanyLogoInput): string {
  const h = slugHash(input.slug);
  const hue = 160 + (h % 40);
  const background = `hsl(${hue}, 35%, ${22 + ((h >>> 8) % 8)}%)`;
  const ring = `hsl(${hue}, 30%, ${82 + ((h >>> 12) % 8)}%)`;
  const name = [...input.name].length > 16 ? `${[...input.name].slice(0, 15).join('')}…` : input.name;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escapeXml(input.name)}">`
    + `<rect width="240" height="240" rx="36" fill="${background}"/>`
    + `<circle cx="120" cy="100" r="62" fill="none" stroke="${ring}" stroke-width="6"/>`
    + `<text x="120" y="122" font-family="Arial, Helvetica, sans-serif" font-size="58" font-weight="700" fill="#ffffff" text-anchor="middle" direction="rtl">${escapeXml(initials(input.name))}</text>`
    + `<text x="120" y="206" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="#ffffff" text-anchor="middle" direction="rtl">${escapeXml(name)}</text>`
    + `</svg>`;
}
