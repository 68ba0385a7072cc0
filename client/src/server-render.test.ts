import { createElement, Suspense, use } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHtml } from './server-render';

const h = createElement;

afterEach(() => vi.restoreAllMocks());

describe('the server render', () => {
  it('writes a tree that does not wait as renderToString does', async () => {
    const tree = h('main', null, h(Suspense, { fallback: h('p', null, 'Cargando…') }, h('h1', null, 'Collares')));
    const onError = vi.fn();
    expect(await renderHtml(tree, '/collares', onError)).toBe(renderToString(tree));
    expect(onError).not.toHaveBeenCalled();
  });

  it('renders again, waiting, a tree in which a part waits for data: the markup has the data, not the fallback', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const name = new Promise<string>((resolve) => setTimeout(() => resolve('Collar Azul'), 20));
    const Name = () => h('h1', null, use(name));
    const tree = h('main', null, h(Suspense, { fallback: h('p', null, 'Cargando…') }, h(Name)));
    const onError = vi.fn();
    const html = await renderHtml(tree, '/collar/1/collar-azul', onError);
    expect(html).toContain('<h1>Collar Azul</h1>');
    expect(html).not.toContain('Cargando');
    expect(html).not.toContain('<!--$!-->');
    expect(onError).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/collar/1/collar-azul'));
  });

  it('reports an error inside a boundary (the page is not kept) and still returns the rest of the page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('sin datos');
    };
    const tree = h('main', null, h('h1', null, 'Correas'), h(Suspense, { fallback: h('p', null, '…') }, h(Broken)));
    const onError = vi.fn();
    const html = await renderHtml(tree, '/correas', onError);
    expect(html).toContain('<h1>Correas</h1>');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'sin datos' }));
  });
});
