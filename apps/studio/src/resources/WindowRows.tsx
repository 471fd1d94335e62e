import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";
import { onRowKeys, rowProps, type RowsProps } from "./rowKeys.ts";

/** A row's height before it is measured (one line of text in a table cell). */
const ESTIMATED_ROW_PX = 41;
/** Rows mounted beyond the window on each side: Tab and arrow keys find the next row there. */
const OVERSCAN = 12;

/**
 * A long list's table body with only the rows near the window mounted (VirtualRows loads it
 * for lists too long to mount whole). The page keeps scrolling as a whole: spacer rows above
 * and below stand in for the rows not mounted, so the scrollbar and the table's height are
 * those of every row, and each mounted row is measured as it is drawn.
 */
export default function WindowRows({ count, columns, row }: RowsProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the body starts on the page: the filters above it can wrap to more lines.
  useLayoutEffect(() => {
    const measure = () => {
      const top = (body.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setScrollMargin((old) => (Math.abs(old - top) < 1 ? old : top));
    };
    measure();
    window.addEventListener("resize", measure);
    const observer =
      typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener("resize", measure);
      observer?.disconnect();
    };
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    scrollMargin,
    // A row not laid out yet (or a test's DOM without layout) measures 0: keep the estimate.
    measureElement: (element) => element.getBoundingClientRect().height || ESTIMATED_ROW_PX,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

  return (
    <tbody
      ref={body}
      onKeyDown={(event) =>
        onRowKeys(event, count, (index) => virtualizer.scrollToIndex(index, { align: "auto" }))
      }
    >
      {before > 0 && (
        <tr aria-hidden="true" className="virtual-spacer">
          <td colSpan={columns} style={{ height: before }} />
        </tr>
      )}
      {items.map((item) =>
        row(item.index, { ...rowProps(item.index), ref: virtualizer.measureElement }),
      )}
      {after > 0 && (
        <tr aria-hidden="true" className="virtual-spacer">
          <td colSpan={columns} style={{ height: after }} />
        </tr>
      )}
    </tbody>
  );
}
