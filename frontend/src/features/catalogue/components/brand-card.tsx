import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '@market/contracts';
import { useTranslation } from '../../../lib/i18n';
import { brandListingsPath } from '../brand-path';

interface BrandCardProps {
  category: Category;
  selected?: boolean;
  /** Called instead of following the link, e.g. by the home page that filters in place. */
  onSelect?: (category: Category) => void;
  size?: 'small' | 'large';
}

/** A brand: its image (or its colour with the initial), name and number of listings, linking to its listings. */
export function BrandCard({ category, selected = false, onSelect, size = 'large' }: BrandCardProps) {
  const { t } = useTranslation('catalogue');
  const logoSize = size === 'large' ? 'h-16 w-16 text-2xl' : 'h-12 w-12 text-xl';
  const follow = (event: MouseEvent) => {
    if (!onSelect || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    onSelect(category);
  };
  return (
    <Link
      to={brandListingsPath(category)}
      onClick={follow}
      aria-current={selected ? 'true' : undefined}
      className={`flex h-full flex-col items-center gap-2 rounded-xl border bg-white p-3 text-center transition hover:border-brand-600 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${selected ? 'border-brand-600 ring-2 ring-brand-100' : 'border-slate-200'}`}
    >
      <BrandLogo category={category} className={logoSize} />
      <span className="line-clamp-1 font-medium text-slate-900">{category.name}</span>
      <span className="text-xs text-slate-600">{t('brands.listings', { count: category.PhonesCount })}</span>
    </Link>
  );
}

/** A brand's logo, decorative beside its name: the uploaded image, or its initial on its colour. `className` sizes it. */
export function BrandLogo({ category, className }: { category: Pick<Category, 'name' | 'color' | 'image'>; className: string }) {
  return category.image ? (
    <img src={category.image.location} alt="" loading="lazy" className={`${className} shrink-0 rounded-lg object-contain`} />
  ) : (
    <span
      aria-hidden
      className={`${className} flex shrink-0 items-center justify-center rounded-full font-bold text-white`}
      style={{ backgroundColor: category.color, textShadow: '0 1px 2px rgb(0 0 0 / 0.35)' }}
    >
      {category.name.charAt(0).toUpperCase()}
    </span>
  );
}

/** Placeholder cards while the brands load. */
export function BrandCardSkeletons({ count, className }: { count: number; className: string }) {
  return Array.from({ length: count }, (_, index) => (
    <div key={index} aria-hidden className={`animate-pulse rounded-xl border border-slate-200 bg-slate-100 ${className}`} />
  ));
}
