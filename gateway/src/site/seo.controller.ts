import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Subjects, type SitemapEntry } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { GatewayEnv } from '../config';
import { OpenEndpoint } from '../http/client-headers.guard';

/** Public pages that are not built from data. */
const STATIC_PAGES = ['/', '/products', '/pharms', '/discounts', '/faq', '/social-auto-updates', '/accessibility', '/privacy-policy', '/terms-of-use'];

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function urlEntry(loc: string, lastmod?: string | null): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
}

/** For search engines: robots.txt and sitemap.xml, outside `/api` and open. */
@ApiExcludeController()
@OpenEndpoint()
@Controller()
export class SeoController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients, @Inject(GatewayEnv) private readonly env: GatewayEnv) {}

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  robots(): string {
    return ['User-agent: *', 'Disallow: /api/', 'Disallow: /cart', 'Disallow: /pharms/*/embed', `Sitemap: ${this.env.PUBLIC_URL}/sitemap.xml`, ''].join('\n');
  }

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  async sitemap(): Promise<string> {
    const [catalog, pharm] = await Promise.all([
      this.clients.get('catalog').read(Subjects.catalog.sitemapGet, {}),
      this.clients.get('pharm').read(Subjects.pharm.sitemapGet, {}),
    ]);
    const base = this.env.PUBLIC_URL;
    const pages = (prefix: string, entries: SitemapEntry[]) => entries.map((e) => urlEntry(`${base}${prefix}/${e.slug}`, e.updatedAt));
    const urls = [
      ...STATIC_PAGES.map((p) => urlEntry(`${base}${p === '/' ? '' : p}`)),
      ...pages('/products', catalog.products),
      ...pages('/pharms', pharm.pharms),
      ...pages('/tags', catalog.tags),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }
}
