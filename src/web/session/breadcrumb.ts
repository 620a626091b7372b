import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The breadcrumb's last item (spec: session state, breadcrumb): the record the page shows (a bill
 * in its drawer, an order), named by the page that shows it. The menu group and the screen before
 * it come from the menu tree the session holds (admin/shell/breadcrumb-trail.ts).
 */
export interface DetailCrumb {
  label: string;
  /** Back to the screen keeping its filters (closing a drawer), instead of the menu's address. */
  onBack?: () => void;
}

let current: DetailCrumb | null = null;
const listeners = new Set<() => void>();

function set(next: DetailCrumb | null): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const get = () => current;

/** The detail the page on screen shows, if it named one. */
export function useDetailCrumb(): DetailCrumb | null {
  return useSyncExternalStore(subscribe, get, get);
}

/**
 * Names the record this page (or drawer) shows in the breadcrumb while it is mounted and `label`
 * is known (a bill no once loaded); undefined names nothing.
 */
export function useShowDetailCrumb(label: string | undefined, onBack?: () => void): void {
  const back = useRef(onBack);
  back.current = onBack;
  useEffect(() => {
    if (!label) return;
    const crumb: DetailCrumb = { label, onBack: back.current ? () => back.current?.() : undefined };
    set(crumb);
    return () => {
      if (current === crumb) set(null);
    };
  }, [label]);
}
