import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { LIMITS } from '@market/contracts';
import { useTranslation } from '../lib/i18n';
import { pagerItems } from './pager-items';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** The address of a page, so every number is a real link (opens in a new tab, crawlable). */
  hrefOf?: (page: number) => string;
}

const ITEM = 'flex h-11 min-w-11 items-center justify-center rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-brand-50 cursor-pointer select-none';
const CURRENT = '!border-brand-700 !bg-brand-700 !text-white';

interface PagerLinkProps {
  label: string;
  /** Where the link leads; without it the control is a button. */
  href?: string;
  /** A button even with an address (previous and next, as the pager has always announced them). */
  button?: boolean;
  onActivate: () => void;
  className?: string;
  current?: boolean;
  rel?: string;
  /** Out of the Tab order (the current page, a hidden previous or next). */
  inert?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

function PagerLink({ label, href, button = !href, onActivate, className = ITEM, current, rel, inert, disabled, children }: PagerLinkProps) {
  // The page changes in the app; a link's address is for new tabs and crawlers.
  const activate = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    onActivate();
  };
  return (
    <a
      href={href}
      role={button ? 'button' : undefined}
      rel={rel}
      className={className}
      tabIndex={inert ? -1 : 0}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      aria-disabled={disabled === undefined ? undefined : disabled}
      onClick={activate}
      onKeyDown={(event) => (event.key === 'Enter' || (button && event.key === ' ')) && activate(event)}
    >
      {children}
    </a>
  );
}

/**
 * The numbered pager of spec section 2: 1 margin page, 3 pages shown; previous hidden on the
 * first page and next on the last; a '…' jumps 3 pages on.
 */
export function Pager({ page, pages, onChange, hrefOf }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const current = Math.min(page, pages);
  const selected = current - 1;
  const hrefOfIndex = (index: number) => (hrefOf && index >= 0 && index < pages ? hrefOf(index + 1) : undefined);
  const go = (index: number) => index !== selected && onChange(index + 1);
  const jump = LIMITS.pagerDisplayedPages;
  const isFirst = current === 1;
  const isLast = current === pages;
  return (
    <nav aria-label={t('pager.label')}>
      <ul className="mt-6 flex flex-wrap items-center justify-center gap-1.5">
        <li className={isFirst ? 'hidden' : undefined}>
          <PagerLink label={t('pager.previous')} href={hrefOfIndex(selected - 1)} button rel="prev" inert={isFirst} disabled={isFirst} onActivate={() => !isFirst && go(selected - 1)}>
            ‹
          </PagerLink>
        </li>
        {pagerItems(selected, pages, LIMITS.pagerDisplayedPages, LIMITS.pagerMarginPages).map((item) =>
          item.kind === 'page' ? (
            <li key={item.index}>
              <PagerLink
                label={t(item.index === selected ? 'pager.current' : 'pager.page', { page: item.index + 1 })}
                href={hrefOfIndex(item.index)}
                rel={item.index === selected - 1 ? 'prev' : item.index === selected ? 'canonical' : item.index === selected + 1 ? 'next' : undefined}
                className={item.index === selected ? `${ITEM} ${CURRENT}` : ITEM}
                current={item.index === selected}
                inert={item.index === selected}
                onActivate={() => go(item.index)}
              >
                {item.index + 1}
              </PagerLink>
            </li>
          ) : (
            <li key={item.index}>
              <PagerLink
                label={t(item.index < selected ? 'pager.jumpBackward' : 'pager.jumpForward')}
                onActivate={() => go(item.index < selected ? Math.max(selected - jump, 0) : Math.min(selected + jump, pages - 1))}
              >
                …
              </PagerLink>
            </li>
          ),
        )}
        <li className={isLast ? 'hidden' : undefined}>
          <PagerLink label={t('pager.next')} href={hrefOfIndex(selected + 1)} button rel="next" inert={isLast} disabled={isLast} onActivate={() => !isLast && go(selected + 1)}>
            ›
          </PagerLink>
        </li>
      </ul>
    </nav>
  );
}
