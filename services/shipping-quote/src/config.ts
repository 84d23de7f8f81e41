import { ServiceEnv } from '@mc/kit';

export class ShippingQuoteEnv extends ServiceEnv {}
