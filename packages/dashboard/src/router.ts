import { useEffect, useState } from 'preact/hooks';

/**
 * Client-side routing over the History API: the shell answers every /dashboard/<page> URL, and the app
 * picks the page from `location.pathname`. `navigate` pushes a URL and tells every listener; the
 * Back button does the same through popstate. After a navigation (not on the first load) the page
 * moves the focus to its heading (usePageHeading), so a screen reader hears where it arrived.
 */

export const BASE = '/dashboard';

export interface Location {
  path: string;
  search: URLSearchParams;
}

const listeners = new Set<() => void>();
let navigated = false;

function current(): Location {
  return { path: location.pathname.replace(/\/+$/, '') || '/', search: new URLSearchParams(location.search) };
}

export function navigate(to: string, o: { replace?: boolean } = {}): void {
  if (o.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  navigated = true;
  listeners.forEach((l) => l());
}

/** Whether the page on show came from a navigation inside the app (then its heading takes the focus). */
export const cameByNavigation = () => navigated;

window.addEventListener('popstate', () => {
  navigated = true;
  listeners.forEach((l) => l());
});

export function useLocation(): Location {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const update = () => setLoc(current());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return loc;
}

/** A click on an in-app link navigates without a reload (unless a modifier asks for a new tab). */
export function onLinkClick(e: MouseEvent): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element).closest('a');
  const href = a?.getAttribute('href');
  if (!a || !href || !href.startsWith(BASE) || a.target) return;
  e.preventDefault();
  navigate(href);
}
