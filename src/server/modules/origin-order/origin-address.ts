import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Enabled } from '../../../shared/domain/enums.ts';
import type { Db } from '../../db/client.ts';
import { regions } from '../../db/schema/index.ts';

/**
 * Matching an address as a platform wrote it ("Saudi Arabia / Riyadh Region / Riyadh") to our
 * region tree. Each part is compared with a region's code, the last part of its code and its three
 * names, ignoring case, spacing and the usual words for "province", "region", "city" (so "Riyadh
 * Province" and "منطقة الرياض" both find Riyadh). A part that names a grandchild (a platform that
 * leaves out the province) still matches, through its parent.
 */

interface Node {
  id: number;
  parentId: number | null;
  level: number;
  code: string;
  nameCn: string;
  nameEn: string;
  nameAr: string;
}

const GENERIC =
  /\b(province|region|governorate|emirate|state|city|district|municipality)\b|省|市|区|县|منطقة|محافظة|مدينة|إمارة/giu;

/** Country names the platforms write that are neither a code nor one of our names. */
const COUNTRY_ALIASES: Record<string, string> = { ksa: 'SA', uae: 'AE' };

export const normalise = (s: string): string =>
  s
    .toLowerCase()
    .replace(GENERIC, ' ')
    .replace(/[.'’`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function keysOf(n: Node, parent: Node | null): string[] {
  const suffix = parent && n.code.startsWith(`${parent.code}-`) ? n.code.slice(parent.code.length + 1) : '';
  return [n.code, suffix, n.nameCn, n.nameEn, n.nameAr].map(normalise).filter(Boolean);
}

const nodeColumns = {
  id: regions.id,
  parentId: regions.parentId,
  level: regions.level,
  code: regions.code,
  nameCn: regions.nameCn,
  nameEn: regions.nameEn,
  nameAr: regions.nameAr,
};

async function childrenOf(db: Db, parentIds: number[] | null): Promise<Node[]> {
  if (parentIds !== null && parentIds.length === 0) return [];
  return db
    .select(nodeColumns)
    .from(regions)
    .where(
      and(
        eq(regions.status, Enabled.enabled),
        parentIds === null ? isNull(regions.parentId) : inArray(regions.parentId, parentIds),
      ),
    );
}

function pick(candidates: Node[], parents: Map<number, Node>, text: string): Node | undefined {
  const want = normalise(text);
  if (!want) return undefined;
  const hits = candidates.filter((c) =>
    keysOf(c, c.parentId === null ? null : (parents.get(c.parentId) ?? null)).includes(want),
  );
  // Two regions of the same name under different parents: the text alone cannot tell them apart.
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * The region path (country first) the raw parts match, as deep as they go; empty when the country
 * itself is not found. Parts after the country are tried in order; one that matches nothing is
 * skipped (a street name in the district field, say).
 */
export async function matchRegions(db: Db, country: string, parts: readonly string[]): Promise<number[]> {
  const countries = (await childrenOf(db, null)).filter((c) => c.level === 0);
  const alias = COUNTRY_ALIASES[normalise(country)];
  const top = alias ? countries.find((c) => c.code === alias) : pick(countries, new Map(), country);
  if (!top) return [];
  const path: Node[] = [top];
  // "Dubai" names the emirate and its city, "Riyadh" the province and its city: when no later part
  // goes deeper, the address is in the namesake city.
  let namesake: Node | undefined;
  for (const text of parts) {
    if (!normalise(text)) continue;
    const last = path[path.length - 1]!;
    const children = await childrenOf(db, [last.id]);
    const direct = pick(children, new Map([[last.id, last]]), text);
    if (direct) {
      path.push(direct);
      namesake = pick(await childrenOf(db, [direct.id]), new Map([[direct.id, direct]]), text);
      continue;
    }
    const byId = new Map(children.map((c) => [c.id, c]));
    const grand = pick(
      await childrenOf(
        db,
        children.map((c) => c.id),
      ),
      byId,
      text,
    );
    if (grand) {
      path.push(byId.get(grand.parentId!)!, grand);
      namesake = undefined;
    }
  }
  if (namesake) path.push(namesake);
  return path.map((n) => n.id);
}
