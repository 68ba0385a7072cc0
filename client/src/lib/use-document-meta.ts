import { useEffect } from 'react';
import { DEFAULT_DESCRIPTION, pageTitle } from '#shared/storefront-routes.js';

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

/** Keeps <title>, description, robots and canonical right while navigating in the browser. */
export function useDocumentMeta(meta: { title?: string; description?: string; noindex?: boolean; canonicalPath?: string }) {
  const { title, description, noindex, canonicalPath } = meta;
  useEffect(() => {
    document.title = pageTitle(title);
    setMeta('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }), 'content', description ?? DEFAULT_DESCRIPTION);
    setMeta('meta[name="robots"]', () => Object.assign(document.createElement('meta'), { name: 'robots' }), 'content', noindex ? 'noindex, nofollow' : null);
    const href = canonicalPath ? new URL(canonicalPath, window.location.origin).toString() : null;
    setMeta('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', href);
  }, [title, description, noindex, canonicalPath]);
}
