import { ProductsController } from './products.controller';
import { TagsController } from './tags.controller';

/** The routes of API.md answered by the catalog service (the product page also asks pharm for its offers). */
export const catalogControllers = [ProductsController, TagsController];
