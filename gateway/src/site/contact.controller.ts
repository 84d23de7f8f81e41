import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ContactDto, Subjects } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';

/** A visitor may send this many contact messages per window (a guard against floods, not a spec rule). */
const CONTACT_LIMIT: RateLimitRule = { name: 'contact', per: 'client', count: 5, windowSeconds: 600 };

/** The footer's contact form, kept by notifications. */
@ApiTags('site')
@Controller('contact')
export class ContactController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{ id } of the kept message' })
  @ApiBadRequestResponse({ description: "a missing or malformed field, with the spec's Hebrew message" })
  @ApiTooManyRequestsResponse({ description: 'more than 5 messages from one address in 10 minutes' })
  @RateLimit(CONTACT_LIMIT)
  @RequestBody(ContactDto)
  send(@Body() body: ContactDto | undefined): Promise<{ id: number }> {
    return this.clients.get('notifications').send(Subjects.notifications.contactCreate, forwarded(body));
  }
}
