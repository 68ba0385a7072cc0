import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import { mswServer } from '../../test-utils/msw-server';
import { SearchSuggestionsDocument, type SearchSuggestionsQuery } from './search.generated';
import { SearchBox } from './search-box';

type Search = SearchSuggestionsQuery['searchSuggestions'];
const product = (id: string, name: string, price: number, soldOut = false) => ({
  __typename: 'Product' as const,
  id,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  price,
  soldOut,
  collections: [],
  category: { __typename: 'CategoryRef' as const, slug: 'arneses' },
  images: [{ __typename: 'Image' as const, url: `/media/products/${id}.svg`, alt: name }],
});

const ARNES: Search = {
  query: 'arnes',
  categories: [{ slug: 'arneses', name: 'Arneses', productCount: 7 }],
  products: [product('17', 'Arnés Acolchado Rojo', 89_000), product('20', 'Arnés para gato Gris', 65_000, true)],
};

/** Answers every suggestion query from `answers` (by text) and records the texts asked for. */
function useSuggestions(answers: Record<string, Search>): string[] {
  const asked: string[] = [];
  mswServer.use(
    graphql.query(SearchSuggestionsDocument, ({ variables }) => {
      asked.push(variables.query);
      const found = answers[variables.query] ?? { query: variables.query, categories: [], products: [] };
      // Shaped like the server's answer, __typename included (the cache needs it).
      const searchSuggestions = {
        ...found,
        __typename: 'SearchSuggestions',
        categories: found.categories.map((c) => ({ ...c, __typename: 'Category' })),
      };
      return HttpResponse.json({ data: { searchSuggestions } });
    }),
  );
  return asked;
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderBox(route = '/') {
  return renderWithProviders(
    <>
      <SearchBox variant="header" />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route },
  );
}

const input = () => screen.getByRole('combobox', { name: 'Buscar productos' });
const where = () => screen.getByTestId('location').textContent;

describe('search suggestions', () => {
  it('lists categories and products with image and price, announced to screen readers', async () => {
    const asked = useSuggestions({ arnes: ARNES });
    const user = userEvent.setup();
    renderBox();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    await user.type(input(), 'arnes');
    const listbox = await screen.findByRole('listbox', { name: 'Sugerencias' });
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'CategoríaArneses',
      'Arnés Acolchado Rojo$ 89.000',
      'Arnés para gato Gris$ 65.000 · Agotado',
      'Ver todos los resultados para «arnes»',
    ]);
    expect(options[1]!.querySelector('img')).toHaveAttribute('src', '/media/products/17.svg');
    expect(screen.getByRole('status')).toHaveTextContent('3 sugerencias. Usa las flechas para recorrerlas.');
    // Debounced: one request for what was typed, none for single letters.
    expect(asked).toEqual(['arnes']);
  });

  it('moves with the arrow keys (wrapping), marks the active option and opens it with Enter', async () => {
    useSuggestions({ arnes: ARNES });
    const user = userEvent.setup();
    renderBox();
    await user.type(input(), 'arnes');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(input()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[3]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    expect(where()).toBe('/arnes/17/');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input()).toHaveValue('');
  });

  it('goes to a category and to every result', async () => {
    useSuggestions({ arnes: ARNES });
    const user = userEvent.setup();
    renderBox();
    await user.type(input(), 'arnes');
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Arneses/ }));
    expect(where()).toBe('/arneses');
    await user.type(input(), 'arnes');
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Ver todos/ }));
    expect(where()).toBe('/buscar?q=arnes');
  });

  it('submits the text to /buscar with Enter when no option is active', async () => {
    useSuggestions({});
    const user = userEvent.setup();
    renderBox();
    await user.type(input(), 'collar cuero{Enter}');
    expect(where()).toBe('/buscar?q=collar%20cuero');
  });

  it('closes with Escape, then clears the text with a second Escape', async () => {
    useSuggestions({ arnes: ARNES });
    const user = userEvent.setup();
    renderBox();
    await user.type(input(), 'arnes');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).toHaveValue('arnes');
    await user.keyboard('{Escape}');
    expect(input()).toHaveValue('');
  });

  it('says when there is nothing to suggest', async () => {
    useSuggestions({});
    const user = userEvent.setup();
    renderBox();
    await user.type(input(), 'zzqx');
    await screen.findByRole('listbox');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Sin sugerencias para «zzqx». Pulsa Enter para buscar.'),
    );
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ver todos los resultados para «zzqx»']);
  });

  it('shows the text of the results page it is on, and is a plain GET form without JavaScript', () => {
    useSuggestions({});
    const { container } = renderBox('/buscar?q=pechera');
    expect(input()).toHaveValue('pechera');
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('action', '/buscar');
    expect(form).toHaveAttribute('method', 'get');
    expect(input()).toHaveAttribute('name', 'q');
    expect(screen.getByRole('search')).toBe(form);
  });
});
