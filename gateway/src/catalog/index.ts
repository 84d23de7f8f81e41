import { ProductsController } from './products.controller';

/** The routes of API.md answered by the catalog service. */
export const catalogControllers = [ProductsController];
