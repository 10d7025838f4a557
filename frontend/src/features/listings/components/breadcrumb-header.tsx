import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';

export interface Crumb {
  label: string;
  /** Without a link, the crumb is the current page. */
  to?: string;
}

export interface HeaderAction {
  label: string;
  to: string;
}

export interface BreadcrumbHeaderProps {
  /** The crumbs after the first, which always links to '/'. */
  crumbs: Crumb[];
  actions?: HeaderAction[];
}

/** The breadcrumb header of spec section 2: home, then the given links, and optional action buttons. */
export function BreadcrumbHeader({ crumbs, actions = [] }: BreadcrumbHeaderProps) {
  const { t } = useTranslation('listing-page');
  const all: Crumb[] = [{ label: t('breadcrumb.home'), to: '/' }, ...crumbs];
  return (
    <header className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2">
      <nav aria-label={t('breadcrumb.label')} className="min-w-0 flex-1">
        <ol className="flex flex-wrap items-center gap-x-1 text-sm text-slate-600">
          {all.map((crumb, index) => (
            <li key={`${index}-${crumb.label}`} className="flex max-w-full min-w-0 items-center gap-1">
              {index > 0 && (
                <span aria-hidden className="text-slate-400">
                  /
                </span>
              )}
              {crumb.to ? (
                <Link to={crumb.to} className="flex min-h-11 min-w-0 items-center text-brand-700 hover:underline">
                  <span className="truncate">{crumb.label}</span>
                </Link>
              ) : (
                <span aria-current="page" className="truncate text-slate-900">
                  {crumb.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Link
              key={action.to}
              to={action.to}
              className="rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              {action.label}
            </Link>
          ))}
        </div>
      )}
    </header>
  );
}
