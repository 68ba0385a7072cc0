import { screen } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { StaffChannelFeedsDocument } from './staff-channels.generated';
import { ChannelsPage } from './channels-page';

function feeds(drawn: number) {
  return {
    __typename: 'ChannelFeeds' as const,
    googleUrl: 'https://tienda.example/feeds/google.xml',
    metaUrl: 'https://tienda.example/feeds/meta.csv',
    products: 52,
    items: 240,
    drawn,
    excluded: [
      {
        __typename: 'ChannelFeedExclusion' as const,
        productId: '7',
        name: 'Bandana Lunares',
        reason: 'No tiene tallas.',
      },
    ],
  };
}

describe('ChannelsPage', () => {
  it('gives the feed URLs, what they list, what they leave out and why, and how shipping is stated', async () => {
    mswServer.use(
      graphql.query(StaffChannelFeedsDocument, () => HttpResponse.json({ data: { staffChannelFeeds: feeds(0) } })),
    );
    renderWithProviders(<ChannelsPage />);
    expect(await screen.findByRole('link', { name: 'https://tienda.example/feeds/google.xml' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://tienda.example/feeds/meta.csv' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('52 productos en los canales (240 artículos, uno por talla).');
    expect(screen.getByText('1 productos publicados no salen en los canales')).toBeInTheDocument();
    expect(screen.getByText('Bandana Lunares: No tiene tallas.')).toBeInTheDocument();
    expect(screen.getByText(/Google no acepta tarifas por departamento para Colombia/)).toBeInTheDocument();
    expect(screen.queryByText(/ilustraciones SVG: los canales reciben una copia en PNG/)).not.toBeInTheDocument();
  });

  it('says how many products go out with drawn artwork, which the platforms may reject', async () => {
    mswServer.use(
      graphql.query(StaffChannelFeedsDocument, () => HttpResponse.json({ data: { staffChannelFeeds: feeds(50) } })),
    );
    renderWithProviders(<ChannelsPage />);
    expect(
      await screen.findByText(/50 productos se muestran con ilustraciones SVG: los canales reciben una copia en PNG/),
    ).toHaveTextContent('pueden rechazar las ilustraciones');
  });
});
