import { messagingTables } from '@mc/kit/tables';
import { boolean, index, integer, pgSchema, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const catalog = pgSchema('catalog');
export const { outbox, inbox } = messagingTables(catalog);

export const cannabisType = catalog.enum('cannabis_type', ['sativa', 'indica', 'hybrid']);

export const products = catalog.table('products', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name'),
  hebName: text('heb_name').notNull(),
  engName: text('eng_name').notNull(),
  company: text('company'),
  cannabisType: cannabisType('cannabis_type'),
  thcCbdDosage: text('thc_cbd_dosage'),
  imageUrl: text('image_url'),
  sizeQuantity: integer('size_quantity'),
  sizeUnit: text('size_unit'),
  isPopular: boolean('is_popular').notNull().default(false),
  isNew: boolean('is_new').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tags = catalog.table('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const productTags = catalog.table(
  'product_tags',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);
