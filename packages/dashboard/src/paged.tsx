import { useEffect, useState } from 'preact/hooks';
import { api, type Page } from './api.js';
import { t } from './i18n.js';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface CursorPages<T> {
  /** null while the first page loads */
  items: T[] | null;
  next: string | null;
  /** a next page is loading */
  more: boolean;
  error: string;
  setError(message: string): void;
  loadMore(): Promise<void>;
}

/**
 * A list of the panel's API paged by cursor (`{ items, nextCursor }`): the first page, loaded again when
 * `deps` change, and the next pages appended by `loadMore`. `pathOf(cursor)` is the API path of a page;
 * `clearOnReload` empties the list while it loads again (a new search) instead of keeping it (a refresh).
 */
export function useCursorPages<T>(
  pathOf: (cursor?: string) => string,
  deps: readonly unknown[],
  o: { clearOnReload?: boolean } = {},
): CursorPages<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (o.clearOnReload) setItems(null);
    setError('');
    let live = true;
    api<Page<T>>('GET', pathOf()).then(
      (p) => {
        if (!live) return;
        setItems(p.items);
        setNext(p.nextCursor);
      },
      (err: unknown) => live && setError(messageOf(err)),
    );
    return () => void (live = false);
  }, deps);

  const loadMore = async () => {
    if (!next || more) return;
    setMore(true);
    try {
      const p = await api<Page<T>>('GET', pathOf(next));
      setItems((cur) => [...(cur ?? []), ...p.items]);
      setNext(p.nextCursor);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setMore(false);
    }
  };
  return { items, next, more, error, setError, loadMore };
}

/** The "Load more" button under a paged list, while it has a next page. */
export function LoadMore({ pages }: { pages: Pick<CursorPages<unknown>, 'next' | 'more' | 'loadMore'> }) {
  if (!pages.next) return null;
  return (
    <div class="dash-actions">
      <button
        type="button"
        class="dash-btn"
        onClick={() => void pages.loadMore()}
        aria-disabled={pages.more ? 'true' : undefined}
      >
        {pages.more ? t('loading') : t('tx.loadMore')}
      </button>
    </div>
  );
}
