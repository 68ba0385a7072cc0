/**
 * Layout measurements run inside the page (as source text: the tests' TypeScript has no DOM types). Each returns
 * plain data for the test to assert on.
 */

export interface HeaderLayout {
  /** Menu labels whose text breaks onto more than one line. */
  broken: string[];
  /** Pairs of header parts that overlap or touch (closer than 4 px; menu entries may sit side by side). */
  overlaps: string[];
  /** Parts that stick out of the viewport. */
  outside: string[];
  scroll: number;
  count: number;
  /** Vertical centre of the brand, each menu entry and the search box. */
  centres: number[];
}

/** The storefront header's bar: brand, menu button, menu entries, search box and cart. */
export const HEADER_LAYOUT = `(() => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const header = document.querySelector('.site-header');
  const parts = [...header.querySelectorAll(
    '.site-header__brand, .site-header__menu-button, .site-header__link, .nav-dropdown__button, .site-header__search form, .site-header__actions button',
  )].filter(visible);
  const name = (el) => (el.textContent || '').trim() || el.getAttribute('aria-label') || el.className;
  const broken = parts
    .filter((el) => el.matches('.site-header__link, .nav-dropdown__button'))
    .filter((el) => {
      const tops = new Set();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(walker.currentNode);
        for (const r of range.getClientRects()) tops.add(Math.round(r.top));
      }
      return tops.size > 1;
    })
    .map(name);
  const overlaps = [];
  parts.forEach((a, i) => {
    for (const b of parts.slice(i + 1)) {
      const p = a.getBoundingClientRect();
      const q = b.getBoundingClientRect();
      const apart = a.closest('.site-header__links') && b.closest('.site-header__links') ? 0 : 4;
      if (p.left < q.right + apart && q.left < p.right + apart && p.top < q.bottom + apart && q.top < p.bottom + apart)
        overlaps.push(name(a) + ' × ' + name(b));
    }
  });
  const outside = parts
    .filter((el) => el.getBoundingClientRect().left < 0 || el.getBoundingClientRect().right > innerWidth)
    .map(name);
  const centres = [...header.querySelectorAll('.site-header__brand, .site-header__links > li, .site-header__search form')]
    .filter(visible)
    .map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2));
  return { broken, overlaps, outside, scroll: document.documentElement.scrollWidth, count: parts.length, centres };
})()`;

/**
 * Tap targets smaller than 24 × 24 px (WCAG 2.2 target size, minimum) among the page's visible controls, as
 * `name width×height`. Links inside running text are exempt (as the guideline exempts them); so is what is
 * visually hidden (a 1 px box: a skip link until it has the focus, a file input whose label is the button).
 */
export const SMALL_TAP_TARGETS = `(() => {
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=checkbox], [role=radio], [role=option], [role=switch], [role=tab]';
  const small = [];
  for (const el of document.querySelectorAll(controls)) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const inText =
      el.tagName === 'A' &&
      style.display === 'inline' &&
      [...el.parentElement.childNodes].some((n) => n !== el && n.nodeType === 3 && n.textContent.trim());
    if (inText) continue;
    if (r.width < 23.5 || r.height < 23.5) {
      const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || el.className || el.tagName).trim().slice(0, 40);
      small.push(el.tagName.toLowerCase() + (el.type ? '[' + el.type + ']' : '') + ' «' + name + '» ' + Math.round(r.width) + '×' + Math.round(r.height));
    }
  }
  return small;
})()`;
