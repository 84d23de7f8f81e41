import { Inject, Injectable } from '@nestjs/common';
import { Messages, type MediaResponse, type PharmMediaGetRequest } from '@mc/contracts';
import { DATABASE, notFound, type Database } from '@mc/kit';
import { and, eq } from 'drizzle-orm';
import { slides } from '../db/schema';
import { PharmDirectory } from '../offers/pharm-directory';
import { logoSvg, parseMediaFile, slideSvg } from './pharm-art';

const SVG = 'image/svg+xml';

@Injectable()
export class MediaReader {
  constructor(@Inject(DATABASE) private readonly db: Database, @Inject(PharmDirectory) private readonly directory: PharmDirectory) {}

  async get(request: PharmMediaGetRequest): Promise<MediaResponse> {
    const file = parseMediaFile(request.file);
    const pharm = file && (await this.directory.bySlug(file.slug));
    if (!file || !pharm) throw notFound(Messages.pageNotFound);
    if (file.slide === undefined) return { contentType: SVG, body: logoSvg(pharm.slug, pharm.name) };
    const [slide] = await this.db.select().from(slides)
      .where(and(eq(slides.pharmId, pharm.id), eq(slides.placement, file.slide), eq(slides.type, 'image'))).limit(1);
    if (!slide) throw notFound(Messages.pageNotFound);
    return { contentType: SVG, body: slideSvg(pharm.slug, pharm.name, slide.templateData?.title ?? pharm.name, slide.templateData?.backgroundColor) };
  }
}
