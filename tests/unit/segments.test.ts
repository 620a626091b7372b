import { describe, expect, it } from 'vitest';
import { SEED_CHANNELS } from '../../src/server/db/seed/master/channels.ts';
import {
  keepSelectable,
  SEGMENT_MAP,
  SEGMENTS,
  SERVICE_SEGMENTS,
  SERVICE_TYPES,
  Segment,
  ServiceSegment,
  segmentProblem,
  selectableSegments,
  serviceSegmentOf,
} from '../../src/shared/domain/segments.ts';

const { delivery, full, firstLeg, clearance } = Segment;

describe('service segments (spec 3)', () => {
  it('keeps both lists of the spec with their codes', () => {
    expect(ServiceSegment).toEqual({
      firstLeg: 1,
      clearance: 2,
      delivery: 3,
      fullRoute: 4,
      firstLegClearance: 5,
      clearanceDelivery: 6,
      transitPort: 7,
    });
    expect(SERVICE_SEGMENTS).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Segment).toEqual({ delivery: 1, full: 2, firstLeg: 3, clearance: 4 });
    expect(SEGMENTS).toEqual([1, 2, 3, 4]);
  });

  it('has a map entry for each value 0 to 6, the positions of the first list', () => {
    expect(SERVICE_TYPES).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(Object.keys(SEGMENT_MAP).map(Number)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(SERVICE_TYPES.map(serviceSegmentOf)).toEqual([...SERVICE_SEGMENTS]);
  });

  it('offers each service type the segments its route covers', () => {
    expect(SEGMENT_MAP).toEqual({
      0: [firstLeg],
      1: [clearance],
      2: [delivery],
      3: [full, firstLeg, clearance, delivery],
      4: [firstLeg, clearance],
      5: [clearance, delivery],
      6: [firstLeg, clearance, delivery],
    });
  });

  it('offers the door-to-door segment on a full route only', () => {
    for (const type of SERVICE_TYPES)
      expect(selectableSegments(type).includes(full), String(type)).toBe(
        serviceSegmentOf(type) === ServiceSegment.fullRoute,
      );
  });

  it('offers every segment of the second list somewhere, and each at most once per type', () => {
    const offered = new Set(SERVICE_TYPES.flatMap((t) => selectableSegments(t)));
    expect([...offered].sort()).toEqual([...SEGMENTS]);
    for (const type of SERVICE_TYPES) {
      const list = selectableSegments(type);
      expect(new Set(list).size, String(type)).toBe(list.length);
      expect(list.length, String(type)).toBeGreaterThan(0);
    }
  });

  it('offers nothing for a value outside 0 to 6', () => {
    expect(selectableSegments(7)).toEqual([]);
    expect(selectableSegments(-1)).toEqual([]);
    expect(selectableSegments(2.5)).toEqual([]);
  });

  it('accepts a channel whose segments are all selectable for its type', () => {
    expect(segmentProblem(3, [full])).toBeNull();
    expect(segmentProblem(3, [firstLeg, clearance, delivery])).toBeNull();
    expect(segmentProblem(4, [clearance, firstLeg])).toBeNull();
    expect(segmentProblem(2, [delivery])).toBeNull();
  });

  it('refuses an unknown type, no segment, a segment twice or one the type does not allow', () => {
    expect(segmentProblem(7, [delivery])).toEqual({ kind: 'serviceType' });
    expect(segmentProblem(0, [])).toEqual({ kind: 'empty' });
    expect(segmentProblem(5, [clearance, clearance])).toEqual({
      kind: 'duplicate',
      index: 1,
      segment: clearance,
    });
    expect(segmentProblem(0, [firstLeg, delivery])).toEqual({
      kind: 'notAllowed',
      index: 1,
      segment: delivery,
    });
    expect(segmentProblem(6, [full])).toEqual({ kind: 'notAllowed', index: 0, segment: full });
    expect(segmentProblem(3, [9])).toEqual({ kind: 'notAllowed', index: 0, segment: 9 });
  });

  it('keeps what a new service type still allows when the type changes', () => {
    expect(keepSelectable(4, [delivery, clearance, firstLeg])).toEqual([firstLeg, clearance]);
    expect(keepSelectable(2, [firstLeg])).toEqual([]);
    expect(keepSelectable(9, [firstLeg])).toEqual([]);
  });

  it('seeds demo channels that follow the map', () => {
    expect(SEED_CHANNELS.length).toBeGreaterThanOrEqual(6);
    for (const c of SEED_CHANNELS) expect(segmentProblem(c.serviceType, c.segments), c.code).toBeNull();
  });
});
