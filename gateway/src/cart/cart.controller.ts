import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ResolveCartDto, Subjects, type ResolvedCart } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';

/**
 * The cart routes that work signed out. The offers are pharm's, so pharm resolves a cart's lines (the
 * server cart of signed-in users, kept by the cart service, comes with accounts).
 */
@ApiTags('cart')
@Controller('cart')
export class CartController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Post('resolve')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ items: [{ pharmProductId, amount, pharmProduct | null }] }: each line with its offer as shown now' })
  @ApiBadRequestResponse({ description: "a malformed cart, one product twice, or more than 10 of one ('ניתן להוסיף עד 10 פריטים מאותו מוצר')" })
  @RequestBody(ResolveCartDto)
  resolve(@Body() body: ResolveCartDto | undefined): Promise<ResolvedCart> {
    return this.clients.get('pharm').send(Subjects.pharm.cartResolve, { cartItems: forwarded(body).cartItems });
  }
}
