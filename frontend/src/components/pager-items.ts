/** One entry of the pager between its previous and next buttons: a page (0-based) or a '…' break. */
export type PagerItem = { kind: 'page'; index: number } | { kind: 'break'; index: number };

/**
 * The pages and breaks to show around the selected page (0-based), the way the pager has
 * always laid them out (react-paginate's rules): `margin` pages at each end, `range` pages
 * around the selected one, a break for each gap, and a gap of a single page shown as that page.
 */
export function pagerItems(selected: number, pageCount: number, range: number, margin: number): PagerItem[] {
  if (pageCount <= range) return Array.from({ length: pageCount }, (_, index) => ({ kind: 'page', index }));

  let leftSide = range / 2;
  let rightSide = range - leftSide;
  if (selected > pageCount - range / 2) {
    rightSide = pageCount - selected;
    leftSide = range - rightSide;
  } else if (selected < range / 2) {
    leftSide = selected;
    rightSide = range - leftSide;
  }
  // On the first page the range would otherwise show one page too many.
  const right = selected === 0 && range > 1 ? rightSide - 1 : rightSide;

  const items: PagerItem[] = [];
  for (let index = 0; index < pageCount; index++) {
    const isMargin = index < margin || index >= pageCount - margin;
    if (isMargin || (index >= selected - leftSide && index <= selected + right)) {
      items.push({ kind: 'page', index });
    } else if (items.length > 0 && items[items.length - 1].kind !== 'break' && (range > 0 || margin > 0)) {
      items.push({ kind: 'break', index });
    }
  }
  // A break standing for a single page is that page.
  return items.map((item, position) => {
    const before = items[position - 1];
    const after = items[position + 1];
    const hidesOnePage = item.kind === 'break' && before?.kind === 'page' && after?.kind === 'page' && after.index - before.index <= 2;
    return hidesOnePage ? { kind: 'page', index: item.index } : item;
  });
}
