import { useLocation, useMatches } from '@tanstack/react-router';
import { useMemo } from 'react';
import { type Tab, tabFor } from '../../session/tabs.ts';
import { routeKey, routeTitle } from '../route-titles.ts';

/**
 * The tab of the page on screen, or undefined on the home page and on addresses that match no page
 * (the layout itself is then the deepest match and shows the 404).
 */
export function useCurrentTab(): Tab | undefined {
  const matches = useMatches();
  const location = useLocation();
  const leaf = matches.at(-1);
  const route = leaf ? routeKey(leaf.fullPath) : '';
  const known = !!leaf && !!routeTitle(route) && leaf.status !== 'notFound' && !leaf._notFound;
  const params = leaf?.params as Record<string, unknown> | undefined;
  const id = params?.id;
  const { pathname, href } = location;
  const search = location.search as Record<string, unknown>;
  const name = search.name;
  const recId = search.recId;
  const searchId = search.id;
  const tab = useMemo(
    () =>
      known
        ? tabFor({ pathname, href, route, params: { id }, search: { name, recId, id: searchId } })
        : undefined,
    [known, pathname, href, route, id, name, recId, searchId],
  );
  return tab;
}
