import { describe, expect, it } from 'vitest';
import { pagerItems, type PagerItem } from './pager-items';

/** The pager as a reader sees it: 1-based page numbers and '…' for breaks. */
function shown(selected: number, pageCount: number): string {
  return pagerItems(selected, pageCount, 3, 1)
    .map((item: PagerItem) => (item.kind === 'page' ? String(item.index + 1) : '…'))
    .join(' ');
}

describe('pager items (1 margin page, 3 pages around the current one)', () => {
  it('shows every page when there are few', () => {
    expect(shown(0, 3)).toBe('1 2 3');
    expect(shown(1, 4)).toBe('1 2 3 4');
  });

  it('puts a break between the current pages and the last page', () => {
    expect(shown(0, 10)).toBe('1 2 3 … 10');
    expect(shown(1, 10)).toBe('1 2 3 4 … 10');
  });

  it('puts breaks on both sides in the middle', () => {
    expect(shown(4, 10)).toBe('1 … 4 5 6 … 10');
    expect(shown(5, 20)).toBe('1 … 5 6 7 … 20');
  });

  it('shows a single hidden page instead of a break', () => {
    expect(shown(3, 10)).toBe('1 2 3 4 5 … 10');
    expect(shown(6, 10)).toBe('1 … 6 7 8 9 10');
  });

  it('ends with the last pages when the current page is near the end', () => {
    expect(shown(9, 10)).toBe('1 … 8 9 10');
    expect(shown(8, 10)).toBe('1 … 8 9 10');
    expect(shown(7, 10)).toBe('1 … 7 8 9 10');
  });

  it('tells breaks before and after the current page apart by their position', () => {
    const items = pagerItems(4, 10, 3, 1);
    const breaks = items.filter((item) => item.kind === 'break').map((item) => item.index);
    expect(breaks[0]).toBeLessThan(4);
    expect(breaks[1]).toBeGreaterThan(4);
  });
});
