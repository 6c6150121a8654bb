import { describe, expect, it } from 'vitest';
import { notchesIn, rulerLabel, rulerScale, TimelineRuler } from './timeline-ruler';

describe('rulerScale', () => {
  it('keeps notches at least 10 px and labels at least 64 px apart, on round steps', () => {
    // the first zoom: 60 px a second
    expect(rulerScale(60)).toEqual({ notchMs: 200, labelMs: 2000 });
    // a 2-hour film across 1,200 px
    expect(rulerScale(1200 / 7200)).toEqual({ notchMs: 60_000, labelMs: 600_000 });
    // the closest zoom
    expect(rulerScale(1000)).toEqual({ notchMs: 100, labelMs: 100 });
    for (const pps of [2, 7.5, 33, 140, 480]) {
      const { notchMs, labelMs } = rulerScale(pps);
      expect((notchMs * pps) / 1000).toBeGreaterThanOrEqual(10);
      expect((labelMs * pps) / 1000).toBeGreaterThanOrEqual(64);
      expect(labelMs % notchMs).toBe(0);
    }
  });
});

describe('rulerLabel', () => {
  it('reads as minutes and seconds, hours past the hour, tenths when labels are that close', () => {
    expect(rulerLabel(0, 2000)).toBe('0:00');
    expect(rulerLabel(75_000, 5000)).toBe('1:15');
    expect(rulerLabel(3_725_000, 600_000)).toBe('1:02:05');
    expect(rulerLabel(61_500, 500)).toBe('1:01.5');
    expect(rulerLabel(3_600_100, 100)).toBe('1:00:00.1');
  });
});

describe('notchesIn', () => {
  it('gives the notches of the window only, labelled on the label step, not past the end', () => {
    const scale = { notchMs: 1000, labelMs: 5000 };
    const notches = notchesIn(3_500, 10_200, 9_000, scale);
    expect(notches.map((n) => n.atMs)).toEqual([4000, 5000, 6000, 7000, 8000, 9000]);
    expect(notches.filter((n) => n.label).map((n) => n.label)).toEqual(['0:05']);
    expect(notchesIn(-30_000, 1_000, 9_000, scale).map((n) => n.atMs)).toEqual([0, 1000]);
  });

  it('stays a screen’s worth for a 2-hour film at any zoom', () => {
    for (const pps of [2, 60, 1000]) {
      const screenMs = (1200 / pps) * 1000;
      const count = notchesIn(3_000_000, 3_000_000 + 3 * screenMs, 7_200_000, rulerScale(pps)).length;
      expect(count).toBeLessThanOrEqual((3 * 1200) / 10 + 1);
    }
  });
});

describe('TimelineRuler', () => {
  it('places notches in percent of the file and reuses its elements as the window moves', () => {
    const ruler = new TimelineRuler(100_000);
    ruler.draw(0, 10_000, 30);
    const first = [...ruler.element.children] as HTMLElement[];
    expect(first).toHaveLength(21);
    expect(first[2]!.style.left).toBe('1%');
    expect(first.filter((n) => n.textContent).map((n) => n.textContent)).toEqual(['0:00', '0:05', '0:10']);
    ruler.draw(50_000, 55_000, 30);
    const second = [...ruler.element.children] as HTMLElement[];
    expect(second).toHaveLength(11);
    expect(second[0]).toBe(first[0]);
    expect(second[0]!.style.left).toBe('50%');
    expect(second[0]!.textContent).toBe('0:50');
  });
});
