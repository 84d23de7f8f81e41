import { Inject, Injectable } from '@nestjs/common';
import { CompanyMessages, Messages, type MediaResponse } from '@mc/contracts';
import { DATABASE, notFound, type Database } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { companies, products } from '../db/schema';
import { renderCompanyLogo } from './company-logo';
import { renderProductImage, SVG_CONTENT_TYPE } from './product-image';

@Injectable()
export class MediaService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The product's generated image; 404 for an unknown product. */
  async productImage(slug: string): Promise<MediaResponse> {
    const [row] = await this.db
      .select({ slug: products.slug, type: products.type, engName: products.engName, dosage: products.thcCbdDosage, cannabisType: products.cannabisType })
      .from(products)
      .where(eq(products.slug, slug))
      .limit(1);
    if (!row) throw notFound(Messages.productNotFound);
    return { contentType: SVG_CONTENT_TYPE, body: renderProductImage(row) };
  }

  /** The company's generated logo; 404 for an unknown company. */
  async companyLogo(slug: string): Promise<MediaResponse> {
    const [row] = await this.db.select({ slug: companies.slug, name: companies.name }).from(companies).where(eq(companies.slug, slug)).limit(1);
    if (!row) throw notFound(CompanyMessages.companyNotFound);
    return { contentType: SVG_CONTENT_TYPE, body: renderCompanyLogo(row) };
  }
}
