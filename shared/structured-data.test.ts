import { describe, expect, it } from 'vitest';
import { structuredData } from './structured-data.js';

describe('structuredData', () => {
  it('describes a product with a COP offer and its breadcrumb, with absolute URLs', () => {
    const [crumbs, product] = structuredData(
      {
        structured: {
          breadcrumb: [
            { name: 'Inicio', path: '/' },
            { name: 'Collares', path: '/collares' },
            { name: 'Collar Luna', path: '/collares/7/collar-luna' },
          ],
          product: {
            name: 'Collar Luna',
            description: 'Cuero',
            path: '/collares/7/collar-luna',
            images: ['/media/a.svg'],
            price: 85000,
            inStock: false,
            sku: '7',
            category: 'Collares',
          },
        },
      },
      'https://enzo.example',
    ) as [Record<string, unknown>, Record<string, Record<string, unknown>>];
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: 'https://enzo.example/' },
        { position: 2, name: 'Collares' },
        { position: 3 },
      ],
    });
    expect(product['@type']).toBe('Product');
    expect(product.image).toEqual(['https://enzo.example/media/a.svg']);
    expect(product.offers).toMatchObject({
      priceCurrency: 'COP',
      price: '85000',
      availability: 'https://schema.org/OutOfStock',
      url: 'https://enzo.example/collares/7/collar-luna',
    });
  });

  it('is empty for a page without structured data', () => {
    expect(structuredData({ title: 'Nosotros' }, 'https://enzo.example')).toEqual([]);
  });
});
