import { Messages, PER_PAGE, Subjects } from '@mc/contracts';
import { rpc, rpcUntyped } from '@mc/kit/testing';
import { P, testCatalog, useTestCatalog } from './test-catalog';

describe('site content', () => {
  const service = useTestCatalog();

  it('answers the layout: the newest products, those in stock first, and the footer links as a tree', async () => {
    const layout = await rpc(service.nc(), Subjects.catalog.layoutGet, {});
    expect(layout.latestProducts.map((p) => p.slug)).toEqual([P.cliffs, P.polar, P.gingerOil, P.ginger, P.sage, P.calm, P.amber]);
    expect(layout.latestProducts[0]).toMatchObject({ isNew: true, priceRange: { min: 200, max: 200 } });
    expect(layout.footerLinks).toEqual(testCatalog().footerLinks);
  });

  it('answers the FAQ in order, with categories and the medical disclaimer flag', async () => {
    const { faq } = await rpc(service.nc(), Subjects.catalog.faqList, {});
    expect(faq).toEqual(testCatalog().faq);
  });

  it('answers the messaging groups by region, price caps in shekels', async () => {
    const { groups } = await rpc(service.nc(), Subjects.catalog.socialGroupList, {});
    expect(groups).toEqual([
      { id: 1, region: 'תל אביב', city: null, category: 'כל המוצרים', dosage: null, discountPercent: null, priceCap: null, url: 'https://chat.whatsapp.com/test1' },
      { id: 2, region: 'הצפון', city: 'קצרין', category: 'THC', dosage: 'T20/C4', discountPercent: 15, priceCap: 299.5, url: 'https://chat.whatsapp.com/test2' },
    ]);
  });
});

describe('catalog.tag.get', () => {
  const service = useTestCatalog();
  const tag = (data: { slug: string; page: number }) => rpc(service.nc(), Subjects.catalog.tagGet, data);

  it('answers the tag with its titles and a page of its products, in stock first', async () => {
    const page = await tag({ slug: 'ct-sativa', page: 1 });
    expect(page.tag).toEqual({ slug: 'ct-sativa', name: 'סאטיבה (בדיקה)', title: 'מוצרי סאטיבה', seoTitle: 'סאטיבה – השוואת מחירים', seoDescription: 'כל מוצרי הסאטיבה' });
    expect(page.products.map((p) => p.slug)).toEqual([P.ginger, P.gingerOil, P.polar, P.amber]);
    expect(page).toMatchObject({ total: 4, perPage: PER_PAGE.tagProducts, currentPage: 1 });
  });

  it('answers a page past the end as empty with the right total, and a tag without products as empty', async () => {
    expect(await tag({ slug: 'ct-sativa', page: 2 })).toMatchObject({ products: [], total: 4, currentPage: 2 });
    expect(await tag({ slug: 'ct-empty', page: 1 })).toMatchObject({ products: [], total: 0, currentPage: 1, tag: { slug: 'ct-empty', title: null } });
  });

  it('answers 404 for an unknown tag and 400 for a malformed slug', async () => {
    await expect(tag({ slug: 'no-such-tag', page: 1 })).rejects.toEqual({ status: 404, code: 'NOT_FOUND', message: Messages.tagNotFound });
    await expect(tag({ slug: 'Bad Tag', page: 1 })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    for (const bad of [{ slug: 'ct-empty', page: 'x' }, { slug: 'ct-empty' }, null]) {
      await expect(rpcUntyped(service.nc(), Subjects.catalog.tagGet, bad)).rejects.toMatchObject({ status: 400 });
    }
  });
});

describe('catalog.media.get', () => {
  const service = useTestCatalog();
  const media = (data: { slug: string }) => rpc(service.nc(), Subjects.catalog.mediaGet, data);

  it('draws the product’s image as SVG with its dosage, the same every time', async () => {
    const image = await media({ slug: P.ginger });
    expect(image.contentType).toBe('image/svg+xml');
    expect(image.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(image.body).toContain('T20/C4');
    expect(image.body).toContain('Purple Ginger');
    expect((await media({ slug: P.polar })).body).not.toEqual(image.body);
  });

  it('answers 404 for an unknown product and 400 for a malformed slug', async () => {
    await expect(media({ slug: 'no-such-product' })).rejects.toEqual({ status: 404, code: 'NOT_FOUND', message: Messages.productNotFound });
    await expect(media({ slug: '../../etc/passwd' })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    // The gateway takes `.svg` off the file name; a slug with it is not one.
    await expect(media({ slug: `${P.ginger}.svg` })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    await expect(rpcUntyped(service.nc(), Subjects.catalog.mediaGet, null)).rejects.toMatchObject({ status: 400 });
  });
});
