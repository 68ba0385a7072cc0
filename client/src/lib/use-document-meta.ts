import { createContext, useContext, useEffect } from 'react';
import { DEFAULT_DESCRIPTION, pageTitle } from '#shared/storefront-routes.js';
import type { PageHead } from '#shared/ssr-contract.js';

/**
 * What the server render collects while a page renders: its head (title, description, canonical, Open Graph,
 * structured data), its HTTP status and a redirect. Absent in the browser, where the same calls keep <head>
 * right while navigating.
 */
export interface ServerPageRecord {
  head: PageHead;
  status: number;
  redirect?: string;
}

export const ServerPageContext = createContext<ServerPageRecord | null>(null);

function setMeta(selector: string, create: () => HTMLElement, attr: string, value: string | null) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (value == null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

/**
 * A page's head. On the server it is recorded during the render (the last page to call it wins, as in the
 * browser where effects run in the same order) and written into the HTML; in the browser it updates <head>.
 */
export function useDocumentMeta(meta: PageHead) {
  const server = useContext(ServerPageContext);
  if (server) server.head = meta;
  const { title, description, noindex, canonicalPath } = meta;
  useEffect(() => {
    document.title = pageTitle(title);
    setMeta(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      'content',
      description ?? DEFAULT_DESCRIPTION,
    );
    setMeta(
      'meta[name="robots"]',
      () => Object.assign(document.createElement('meta'), { name: 'robots' }),
      'content',
      noindex ? 'noindex, nofollow' : null,
    );
    const href = canonicalPath ? new URL(canonicalPath, window.location.origin).toString() : null;
    setMeta(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      href,
    );
  }, [title, description, noindex, canonicalPath]);
}

/** Answers the server render with this HTTP status (404 pages); nothing in the browser. */
export function useHttpStatus(status: number) {
  const server = useContext(ServerPageContext);
  if (server) server.status = status;
}

/** The picture of the page's link preview (Open Graph), when it is only known once the data is there. */
export function useOpenGraphImage(url: string | undefined) {
  const server = useContext(ServerPageContext);
  if (server && url)
    server.head = { ...server.head, og: { type: server.head.og?.type ?? 'website', ...server.head.og, image: url } };
}
