import { Controller, Get, HttpException, Inject, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ErrorCodes, Messages, Subjects, type MediaResponse } from '@mc/contracts';
import type { FastifyReply } from 'fastify';
import { ServiceClients } from '../clients/clients.module';
import { OpenEndpoint } from '../http/client-headers.guard';

const notFound = () => new HttpException({ statusCode: 404, code: ErrorCodes.notFound, message: Messages.pageNotFound }, 404);
const send = (reply: FastifyReply, media: MediaResponse) =>
  void reply.type(media.contentType).header('cache-control', 'public, max-age=86400').send(media.body);

/**
 * Images the services generate: products (catalog), pharmacy logos and slides (pharm). Outside `/api`
 * and open, since `<img>` sends no client headers.
 */
@ApiExcludeController()
@OpenEndpoint()
@Controller('media')
export class MediaController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get('products/:file')
  async product(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const slug = /^([a-z0-9-]{1,200})\.svg$/.exec(file)?.[1];
    if (!slug) throw notFound();
    send(reply, await this.clients.get('catalog').read<MediaResponse>(Subjects.catalog.mediaGet, { slug }));
  }

  @Get('pharms/:file')
  async pharm(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    if (!/^[a-z0-9.-]{1,200}\.svg$/.test(file)) throw notFound();
    send(reply, await this.clients.get('pharm').read<MediaResponse>(Subjects.pharm.mediaGet, { file }));
  }
}
