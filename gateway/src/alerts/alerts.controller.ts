import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBadRequestResponse, ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AlertCreateDto, AlertUnsubscribeDto, Subjects, type PriceAlert, type PriceAlertsResponse } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { asNumber } from '../http/query-values';

/** The signed-in patient's price and stock alerts (issue 31); pharm keeps them and checks the caller. */
@ApiTags('alerts')
@Controller('user/alerts')
@UseGuards(AuthGuard('jwt'))
@ApiBearerAuth()
export class UserAlertsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: '{ alerts }: newest first, each with the product, threshold, whether it is limited to a place (not the place) and the lowest price now' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  list(): Promise<PriceAlertsResponse> {
    return this.clients.get('pharm').send(Subjects.pharm.alertList, {});
  }

  @Post()
  @HttpCode(200)
  @RequestBody(AlertCreateDto)
  @ApiOkResponse({ description: 'the alert (subscribing again to the same product and kind replaces it)' })
  @ApiBadRequestResponse({ description: "a field that is not valid (its Hebrew message), or 'אפשר לשמור עד 50 התראות'" })
  @ApiNotFoundResponse({ description: "'המוצר לא נמצא'" })
  create(@Body() body: AlertCreateDto | undefined): Promise<PriceAlert> {
    return this.clients.get('pharm').send(Subjects.pharm.alertCreate, { ...forwarded(body) });
  }

  @Delete(':id')
  @ApiOkResponse({ description: '{ ok: true }' })
  @ApiNotFoundResponse({ description: "'ההתראה לא נמצאה' (none of the caller's)" })
  remove(@Param('id') id: string): Promise<{ ok: true }> {
    return this.clients.get('pharm').send(Subjects.pharm.alertDelete, { id: asNumber(id) as number });
  }
}

/** The signed one-click unsubscribe of an alert's message: no sign-in, the token is the proof (issue 31). */
@ApiTags('alerts')
@Controller('alerts')
export class AlertUnsubscribeController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Post('unsubscribe')
  @HttpCode(200)
  @RequestBody(AlertUnsubscribeDto)
  @ApiQuery({ name: 'token', required: false, description: 'the token, when not in the body (a mail client\'s one-click POST)' })
  @ApiOkResponse({ description: '{ ok: true }: the alert is removed (removed already: the same)' })
  @ApiBadRequestResponse({ description: "'הקישור להסרת ההתראה אינו תקין'" })
  @ApiForbiddenResponse({ description: "a token not signed for that alert: 'הקישור להסרת ההתראה אינו תקין'" })
  unsubscribe(@Body() body: AlertUnsubscribeDto | undefined, @Query('token') token: unknown): Promise<{ ok: true }> {
    const given = forwarded(body);
    return this.clients.get('pharm').send(Subjects.pharm.alertUnsubscribe, { token: given.token ?? token });
  }
}
