import ReactPaginateModule from 'react-paginate';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@market/contracts';

// react-paginate ships only a UMD file whose CommonJS exports carry the component as `default`;
// the production bundle hands over that exports object, the dev server the component itself.
const ReactPaginate =
  (ReactPaginateModule as unknown as { default?: typeof ReactPaginateModule }).default ?? ReactPaginateModule;

export interface PagerProps {
  /** 1-based. */
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** The address of a page, so every number is a real link (opens in a new tab, crawlable). */
  hrefOf?: (page: number) => string;
}

const ITEM = 'flex h-10 min-w-10 items-center justify-center rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-brand-50 cursor-pointer select-none';

/**
 * The numbered pager of spec section 2: 1 margin page, 3 pages shown; previous hidden on the
 * first page and next on the last. `forcePage` is the initial page and follows the address bar.
 */
export function Pager({ page, pages, onChange, hrefOf }: PagerProps) {
  const { t } = useTranslation();
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
        // Both receive the 1-based page number.
        hrefBuilder={hrefOf && ((target) => hrefOf(target))}
        ariaLabelBuilder={(target) => t(target === current ? 'pager.current' : 'pager.page', { page: target })}
        previousLabel="‹"
        nextLabel="›"
        breakLabel="…"
        previousAriaLabel={t('pager.previous')}
        nextAriaLabel={t('pager.next')}
        breakAriaLabels={{ forward: t('pager.jumpForward'), backward: t('pager.jumpBackward') }}
        containerClassName="mt-6 flex flex-wrap items-center justify-center gap-1.5"
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
