import { Body, Controller, Get, Inject, Param, Put, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBadRequestResponse, ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Messages, Subjects, type StockFeedPartner } from '@mc/contracts';
import { IsBoolean } from 'class-validator';
import { ServiceClients } from '../clients/clients.module';
import { RequestBody } from '../docs/request-bodies';
import { AdminGuard } from '../manage/admin.guard';

/** The body of the operator's switch (the partner is the path's id). Documentation only: pharm validates the command. */
export class FeedPartnerPauseBody {
  @IsBoolean({ message: Messages.badRequest })
  paused: boolean;
}

/**
 * The operator's view of the feed partners (API.md "Partner stock feed"): each partner's pulls and last feed, and
 * the switch that pauses one (its feeds wait, its pulls stop) or lets it go on.
 */
@ApiTags('manage')
@Controller('manage/feed-partners')
@UseGuards(AuthGuard('jwt'), AdminGuard)
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'no valid token' })
@ApiForbiddenResponse({ description: 'not an admin' })
export class FeedPartnersController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: '{ partners: [{ id, paused, pulls, lastPullAt, lastPullError, lastFeedAt, lastFeedState }] }' })
  list(): Promise<{ partners: StockFeedPartner[] }> {
    return this.clients.get('pharm').send(Subjects.pharm.stockFeedPartners, {});
  }

  @Put(':id')
  @ApiParam({ name: 'id', description: "the partner's id" })
  @RequestBody(FeedPartnerPauseBody, '{ paused: true } pauses the partner, false lets it go on')
  @ApiOkResponse({ description: 'the partner as it is now' })
  @ApiBadRequestResponse({ description: '`paused` not a boolean, or not a partner id' })
  @ApiNotFoundResponse({ description: 'no such partner' })
  pause(@Param('id') id: string, @Body() body: Partial<FeedPartnerPauseBody> | undefined): Promise<StockFeedPartner> {
    return this.clients.get('pharm').send(Subjects.pharm.stockFeedPartnerPause, { partner: id, paused: body?.paused as boolean });
  }
}
