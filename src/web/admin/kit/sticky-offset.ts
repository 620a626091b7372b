import { type RefObject, useEffect, useState } from 'react';

/** What stays on top of the desk's page while it scrolls: the header, then the tabs bar under it. */
const STICKY_TOP = '.admin-layout__tabs';
const HEADER = 64;

/** Panels that scroll by themselves, above the page's header: a drawer's body, a dialog's. */
const PANEL = '.ant-drawer-body, .ant-modal-body';

/**
 * How far down a table's sticky header sits: under the layout's sticky header and tabs bar (their
 * bottom edge, followed as the tabs bar changes height). Outside the layout, or for a table
 * (`anchor`) inside a drawer or a dialog, the top of what scrolls.
 */
export function useStickyOffset(anchor?: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(HEADER);
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>(STICKY_TOP);
    if (!bar || anchor?.current?.closest(PANEL)) {
      setOffset(0);
      return;
    }
    const measure = () => setOffset(Math.round(HEADER + bar.offsetHeight));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [anchor]);
  return offset;
}
