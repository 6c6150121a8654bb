import { describe, expect, it } from 'vitest';
import {
  edgeAt,
  linesIn,
  moveLine,
  nearestTarget,
  nudgeEdge,
  resizeEdge,
  roomOf,
  shotsIn,
  type SnapRules,
} from './timeline-snap';

const lines = [
  { id: 1, startMs: 1_000, endMs: 2_000 },
  { id: 2, startMs: 3_000, endMs: 4_000 },
  { id: 3, startMs: 6_000, endMs: 7_000 },
];
const rules: SnapRules = { shots: [2_900, 5_000], toleranceMs: 100, minGapMs: 83, minDurationMs: 100 };

describe('roomOf', () => {
  it('is bounded by the neighbours in time, whatever the stored order', () => {
    expect(roomOf(lines, lines[1]!, 60_000)).toEqual({ afterMs: 2_000, beforeMs: 6_000 });
    expect(roomOf([lines[2]!, lines[0]!, lines[1]!], lines[0]!, 60_000)).toEqual({
      afterMs: 0,
      beforeMs: 3_000,
    });
    expect(roomOf(lines, lines[2]!, 60_000)).toEqual({ afterMs: 4_000, beforeMs: 60_000 });
  });

  it('does not pull in a line that already overlaps its neighbour', () => {
    const overlapping = [
      { id: 1, startMs: 0, endMs: 1_500 },
      { id: 2, startMs: 1_000, endMs: 2_000 },
    ];
    expect(roomOf(overlapping, overlapping[1]!, 9_000).afterMs).toBe(1_000);
    expect(roomOf(overlapping, overlapping[0]!, 9_000).beforeMs).toBe(1_500);
  });
});

describe('nearestTarget', () => {
  it('takes the nearest target within the tolerance, or none', () => {
    expect(nearestTarget(2_950, [2_900, 3_000], 100)).toBe(2_900);
    expect(nearestTarget(2_960, [2_900, 3_000], 100)).toBe(3_000);
    expect(nearestTarget(2_700, [2_900, 3_000], 100)).toBeNull();
    expect(nearestTarget(2_950, [], 100)).toBeNull();
    // snapping off (a key held)
    expect(nearestTarget(2_901, [2_900], 0)).toBeNull();
  });
});

describe('resizeEdge', () => {
  const room = roomOf(lines, lines[1]!, 60_000);

  it('snaps a start to a shot change within the tolerance', () => {
    expect(resizeEdge(lines[1]!, 'start', 2_950, room, rules)).toMatchObject({
      startMs: 2_900,
      endMs: 4_000,
    });
    expect(resizeEdge(lines[1]!, 'start', 2_750, room, rules).startMs).toBe(2_750);
    expect(resizeEdge(lines[1]!, 'start', 2_950, room, { ...rules, toleranceMs: 0 }).startMs).toBe(2_950);
  });

  it('snaps to the minimum gap after the line before', () => {
    expect(resizeEdge(lines[1]!, 'start', 2_120, room, rules).startMs).toBe(2_083);
    expect(resizeEdge(lines[1]!, 'end', 5_950, room, rules).endMs).toBe(5_917);
  });

  it('stops at a neighbour instead of overlapping it', () => {
    expect(resizeEdge(lines[1]!, 'start', 1_500, room, rules).startMs).toBe(2_000);
    expect(resizeEdge(lines[1]!, 'end', 6_500, room, rules).endMs).toBe(6_000);
  });

  it('keeps the line at least its minimum duration', () => {
    expect(resizeEdge(lines[1]!, 'start', 3_990, room, rules).startMs).toBe(3_900);
    expect(resizeEdge(lines[1]!, 'end', 3_010, room, rules).endMs).toBe(3_100);
  });
});

describe('moveLine', () => {
  const room = roomOf(lines, lines[1]!, 60_000);

  it('moves the line whole, keeping its duration', () => {
    expect(moveLine(lines[1]!, 3_400, room, rules)).toMatchObject({ startMs: 3_400, endMs: 4_400 });
  });

  it('snaps whichever edge comes nearer a target', () => {
    // the end at 4,960 is 40 ms from the shot change at 5,000: the line ends there
    expect(moveLine(lines[1]!, 3_960, room, rules)).toMatchObject({ startMs: 4_000, endMs: 5_000 });
    // the start at 2,930 is 30 ms from the shot change at 2,900
    expect(moveLine(lines[1]!, 2_930, room, rules)).toMatchObject({ startMs: 2_900, endMs: 3_900 });
  });

  it('stops at the neighbours', () => {
    expect(moveLine(lines[1]!, 500, room, rules)).toMatchObject({ startMs: 2_000, endMs: 3_000 });
    expect(moveLine(lines[1]!, 9_000, room, rules)).toMatchObject({ startMs: 5_000, endMs: 6_000 });
  });

  it('does not move a line longer than its room', () => {
    const tight = { afterMs: 3_000, beforeMs: 3_500 };
    expect(moveLine(lines[1]!, 3_200, tight, rules)).toMatchObject({ startMs: 3_000, endMs: 4_000 });
  });
});

describe('windows', () => {
  it('finds the lines and shot changes of a window', () => {
    expect(linesIn(lines, 1_500, 3_000).map((l) => l.id)).toEqual([1]);
    expect(linesIn(lines, 1_500, 3_001).map((l) => l.id)).toEqual([1, 2]);
    expect(shotsIn([1_000, 2_900, 5_000, 8_000], 2_900, 5_000)).toEqual([2_900, 5_000]);
    expect(shotsIn([1_000, 2_900], 3_000, 4_000)).toEqual([]);
  });
});

describe('keys', () => {
  const line = { id: 2, startMs: 3_000, endMs: 4_000 };

  it('sets an edge at the playhead', () => {
    expect(edgeAt(line, 'start', 2_500.4)).toEqual({ id: 2, startMs: 2_500, endMs: 4_000 });
    expect(edgeAt(line, 'end', 4_800)).toEqual({ id: 2, startMs: 3_000, endMs: 4_800 });
    // a start past the end takes the line along, its length kept
    expect(edgeAt(line, 'start', 5_000)).toEqual({ id: 2, startMs: 5_000, endMs: 6_000 });
    expect(edgeAt(line, 'end', 3_000)).toBeNull();
  });

  it('nudges an edge by a frame, never to nothing', () => {
    expect(nudgeEdge(line, 'start', -41.7)).toEqual({ id: 2, startMs: 2_958, endMs: 4_000 });
    expect(nudgeEdge(line, 'end', 41.7)).toEqual({ id: 2, startMs: 3_000, endMs: 4_042 });
    expect(nudgeEdge({ id: 1, startMs: 10, endMs: 900 }, 'start', -41.7)?.startMs).toBe(0);
    expect(nudgeEdge({ id: 1, startMs: 0, endMs: 30 }, 'end', -41.7)).toBeNull();
  });
});
