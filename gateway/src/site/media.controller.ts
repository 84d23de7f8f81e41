import { Controller, Get, HttpException, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ErrorCodes, Messages, Subjects, type MediaResponse } from '@mc/contracts';
import type { FastifyReply } from 'fastify';
import { ServiceClients } from '../clients/clients.module';
import { OpenEndpoint } from '../http/client-headers.guard';

const notFound = () => new HttpException({ statusCode: 404, code: ErrorCodes.notFound, message: Messages.pageNotFound }, 404);
const PRODUCT_FILE = /^([a-z0-9-]{1,200})\.svg$/;
const PHARM_FILE = /^[a-z0-9.-]{1,200}\.svg$/;

/**
 * Images the services generate: products and company logos (catalog), pharmacy logos and slides (pharm), and `/thumbs`.
 * Outside `/api` and open, since `<img>` sends no client headers.
 */
@ApiExcludeController()
@OpenEndpoint()
@Controller()
export class MediaController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get('media/products/:file')
  async product(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    send(reply, await this.image(`/media/products/${file}`));
  }

  @Get('media/companies/:file')
  async company(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    send(reply, await this.image(`/media/companies/${file}`));
  }

  @Get('media/pharms/:file')
  async pharm(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    send(reply, await this.image(`/media/pharms/${file}`));
  }

  /**
   * `/thumbs?url&width&height&fit=crop` (API.md). Every image we serve today is SVG, which the browser
   * scales itself, so a thumbnail is the image as it is; raster resizing arrives with uploaded photos.
   */
  @Get('thumbs')
  async thumb(@Query('url') url: unknown, @Res() reply: FastifyReply): Promise<void> {
    if (typeof url !== 'string') throw notFound();
    send(reply, await this.image(url));
  }

  private image(path: string): Promise<MediaResponse> {
    const [, folder, file] = /^\/media\/(products|companies|pharms)\/([^/?#]+)$/.exec(path) ?? [];
    if ((folder === 'products' || folder === 'companies') && PRODUCT_FILE.test(file)) {
      const slug = PRODUCT_FILE.exec(file)![1];
      return this.clients.get('catalog').read(Subjects.catalog.mediaGet, folder === 'products' ? { slug } : { slug, kind: 'company' });
    }
    if (folder === 'pharms' && PHARM_FILE.test(file)) return this.clients.get('pharm').read(Subjects.pharm.mediaGet, { file });
    throw notFound();
  }
}

function send(reply: FastifyReply, media: MediaResponse): void {
  void reply.type(media.contentType).header('cache-control', 'public, max-age=86400').send(media.body);
}
