import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * docs/product.md §19: every navigation starts at the top of the page. A link to an anchor (`#faq`)
 * scrolls to that element instead. Changes of the query string alone (filters, pages of a list)
 * keep the position.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
