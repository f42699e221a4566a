// The table view's columns that give way when it is too narrow: their order, and the measuring hook.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DataColumn } from './data-list-columns.ts';

/** Columns in the order they give way when the table is too narrow. */
export function hidingOrder<T>(columns: DataColumn<T>[]): DataColumn<T>[] {
  return columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => (column.priority ?? 0) > 0)
    .sort((a, b) => (b.column.priority ?? 0) - (a.column.priority ?? 0) || b.index - a.index)
    .map(({ column }) => column);
}

/**
 * How many of the hideable columns are hidden so that the table fits its box without a sideways
 * scroll, measured in the browser (so it holds in every language and with any data): when the
 * table is wider than its box, the next column gives way, before the screen is painted. A wider
 * box or other rows start again from every column.
 */
export function useFittedColumns(hideable: number, signature: string, content: unknown) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [hidden, setHidden] = useState(0);
  const [overflowing, setOverflowing] = useState(false);
  // A resize only needs a new measure, below.
  const [resizes, setResizes] = useState(0);
  const seen = useRef({ width: 0, signature });

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setResizes((count) => count + 1));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const table = tableRef.current;
    if (!scroller || !table) return;
    const width = scroller.clientWidth;
    // Only a wider box or other content can make room for a hidden column again.
    const reopen = width > seen.current.width + 1 || signature !== seen.current.signature;
    seen.current = { width, signature };
    if (reopen && hidden > 0) {
      setHidden(0);
      return;
    }
    const tooWide = table.offsetWidth > width + 1;
    if (tooWide && hidden < hideable) setHidden(hidden + 1);
    else setOverflowing(tooWide);
  }, [signature, hidden, hideable, resizes, content]);

  return { scrollerRef, tableRef, hidden, overflowing };
}
