import { Module } from '@nestjs/common';
import { SitemapHandlers } from './sitemap.handlers';
import { SitemapReader } from './sitemap.reader';

@Module({ controllers: [SitemapHandlers], providers: [SitemapReader] })
export class SitemapModule {}
