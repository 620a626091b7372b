/**
 * Service segments of a shipping channel (spec 3 gives two lists and says "a map gives the
 * selectable segments for each of the values 0 to 6", without its contents; this is our map).
 *
 * - The first list (spec codes 1 to 7) is what part of the route a channel sells. A channel stores
 *   it as its SERVICE TYPE, 0 to 6: the position in that list (the map's keys), so service type 0
 *   is the first entry (code 1, first leg) and service type 6 the last (code 7, transit port).
 * - The second list (delivery 1, full 2, first leg 3, clearance 4) is the SEGMENTS a channel is
 *   made of: the legs its carriers run and its price rules cover. A channel stores a set of them.
 * - The map says which segments a service type may be made of: a channel offers only what its
 *   route covers. A full route is sold either as one door-to-door segment ("full") or built from
 *   its legs; a transit-port channel flies to a hub and is cleared and delivered onwards from it,
 *   so it has the three legs but never a single door-to-door segment.
 *
 *   type  route sold (first list)          selectable segments
 *   0     first leg (1)                    first leg
 *   1     clearance (2)                    clearance
 *   2     delivery (3)                     delivery
 *   3     full route (4)                   full, first leg, clearance, delivery
 *   4     first leg plus clearance (5)     first leg, clearance
 *   5     clearance plus delivery (6)      clearance, delivery
 *   6     transit port (7)                 first leg, clearance, delivery
 *
 * A channel has at least one segment, each at most once, all selectable for its service type.
 */

/** The first list of spec 3: the part of the route a channel sells, by its spec code. */
export const ServiceSegment = {
  firstLeg: 1,
  clearance: 2,
  delivery: 3,
  fullRoute: 4,
  firstLegClearance: 5,
  clearanceDelivery: 6,
  transitPort: 7,
} as const;
export type ServiceSegment = (typeof ServiceSegment)[keyof typeof ServiceSegment];
export const SERVICE_SEGMENTS: readonly ServiceSegment[] = [1, 2, 3, 4, 5, 6, 7];

/** The second list of spec 3: the segments a channel is made of. */
export const Segment = { delivery: 1, full: 2, firstLeg: 3, clearance: 4 } as const;
export type Segment = (typeof Segment)[keyof typeof Segment];
export const SEGMENTS: readonly Segment[] = [1, 2, 3, 4];

/** A channel's service type: the position (0 to 6) of its route in the first list. */
export type ServiceType = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const SERVICE_TYPES: readonly ServiceType[] = [0, 1, 2, 3, 4, 5, 6];

/** The first-list code a service type stands for (type 0 → code 1 first leg … type 6 → code 7). */
export const serviceSegmentOf = (type: ServiceType): ServiceSegment => (type + 1) as ServiceSegment;

const { delivery, full, firstLeg, clearance } = Segment;

/** The selectable segments of each service type, in the order the editor offers them. */
export const SEGMENT_MAP: Readonly<Record<ServiceType, readonly Segment[]>> = {
  0: [firstLeg],
  1: [clearance],
  2: [delivery],
  3: [full, firstLeg, clearance, delivery],
  4: [firstLeg, clearance],
  5: [clearance, delivery],
  6: [firstLeg, clearance, delivery],
};

export const isServiceType = (v: unknown): v is ServiceType =>
  typeof v === 'number' && (SERVICE_TYPES as readonly number[]).includes(v);

export const isSegment = (v: unknown): v is Segment =>
  typeof v === 'number' && (SEGMENTS as readonly number[]).includes(v);

/** The segments a service type may be made of; none for a value outside 0 to 6. */
export function selectableSegments(type: number): readonly Segment[] {
  return isServiceType(type) ? SEGMENT_MAP[type] : [];
}

export type SegmentProblem =
  | { kind: 'serviceType' }
  | { kind: 'empty' }
  | { kind: 'duplicate'; index: number; segment: number }
  | { kind: 'notAllowed'; index: number; segment: number };

/**
 * Why a service type and a segment list cannot go together, or null when they can: the type must
 * be 0 to 6, the list not empty, each segment selectable for the type and listed once.
 */
export function segmentProblem(type: number, segments: readonly number[]): SegmentProblem | null {
  if (!isServiceType(type)) return { kind: 'serviceType' };
  if (segments.length === 0) return { kind: 'empty' };
  const allowed = SEGMENT_MAP[type] as readonly number[];
  const seen = new Set<number>();
  for (const [index, segment] of segments.entries()) {
    if (!allowed.includes(segment)) return { kind: 'notAllowed', index, segment };
    if (seen.has(segment)) return { kind: 'duplicate', index, segment };
    seen.add(segment);
  }
  return null;
}

/** Keeps the segments a (new) service type still allows, in the map's order. */
export function keepSelectable(type: number, segments: readonly number[]): Segment[] {
  return selectableSegments(type).filter((s) => segments.includes(s));
}
