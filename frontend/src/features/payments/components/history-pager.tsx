import ReactPaginate from 'react-paginate';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@market/contracts';

const ITEM =
  'flex h-10 min-w-10 cursor-pointer select-none items-center justify-center rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-brand-50';

/** The history's numbered pager, with the spec's 1 margin page and 3 pages shown; 1-based. */
export function HistoryPager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('payments');
  if (pages <= 1) return null;
  const current = Math.min(page, pages);
  return (
    <nav aria-label={t('pager.label')}>
      <ReactPaginate
        pageCount={pages}
        forcePage={current - 1}
        marginPagesDisplayed={LIMITS.pagerMarginPages}
        pageRangeDisplayed={LIMITS.pagerDisplayedPages}
        onPageChange={({ selected }) => onChange(selected + 1)}
        ariaLabelBuilder={(target) => t(target === current ? 'pager.current' : 'pager.page', { page: target })}
        previousLabel="‹"
        nextLabel="›"
        breakLabel="…"
        previousAriaLabel={t('pager.previous')}
        nextAriaLabel={t('pager.next')}
        breakAriaLabels={{ forward: t('pager.jumpForward'), backward: t('pager.jumpBackward') }}
        containerClassName="mt-4 flex flex-wrap items-center justify-center gap-1.5"
        pageLinkClassName={ITEM}
        activeLinkClassName="!border-brand-700 !bg-brand-700 !text-white"
        breakLinkClassName={ITEM}
        previousClassName={current === 1 ? 'hidden' : undefined}
        nextClassName={current === pages ? 'hidden' : undefined}
        previousLinkClassName={ITEM}
        nextLinkClassName={ITEM}
      />
    </nav>
  );
}
