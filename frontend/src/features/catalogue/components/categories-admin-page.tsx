import { useEffect, useState } from 'react';
import type { Category } from '@market/contracts';
import { AdminOnly } from '../../../components/admin-only';
import { Menu } from '../../../components/menu';
import { PageTitle } from '../../../components/page-title';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCategories } from '../api/get-categories';
import { BrandLogo } from './brand-card';
import { CategoryFormDialog } from './category-form-dialog';
import { DeleteCategoryDialog } from './delete-category-dialog';
import { SpecSourceState } from './spec-source-state';

type OpenDialog = { kind: 'create' } | { kind: 'edit'; category: Category } | { kind: 'delete'; category: Category };

/** `/profile/categories` (spec section 2, Categories page): the admins' brand list. */
export function CategoriesAdminPage() {
  const { t } = useTranslation('catalogue-admin');
  return (
    <AdminOnly forbidden={t('admin.forbidden')}>
      <CategoriesAdmin />
    </AdminOnly>
  );
}

function CategoriesAdmin() {
  const { t } = useTranslation('catalogue-admin');
  const categories = useCategories();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const closeDialog = () => setDialog(null);

  useEffect(() => {
    if (categories.isError) toast.error(categories.error.message, { toastId: 'categories-load' });
  }, [categories.isError, categories.error]);

  const list = categories.data ?? [];
  const nextNumber = list.reduce((highest, category) => Math.max(highest, category.number + 1), 1);

  return (
    <section>
      <div className="flex items-start justify-between gap-3">
        <PageTitle documentTitle={t('admin.title')}>{t('admin.title')}</PageTitle>
        <button
          type="button"
          onClick={() => setDialog({ kind: 'create' })}
          aria-label={t('admin.add')}
          title={t('admin.add')}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl leading-none text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden>+</span>
        </button>
      </div>

      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-1.5 py-3 sm:px-3">{t('admin.columns.number')}</th>
              <th scope="col" className="px-1.5 py-3 sm:px-3">{t('admin.columns.name')}</th>
              <th scope="col" className="px-1.5 py-3 sm:px-3 text-right">{t('admin.columns.listings')}</th>
              <th scope="col" className="px-1.5 py-3 sm:px-3 text-right">{t('admin.columns.devices')}</th>
              <th scope="col" className="px-1.5 py-3 sm:px-3 text-right">{t('admin.columns.actions')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {categories.isPending ? (
              <tr>
                <td colSpan={5} className="px-1.5 py-8 sm:px-3 text-center text-slate-500" role="status">
                  {t('common:loading')}
                </td>
              </tr>
            ) : categories.isError ? (
              <tr>
                <td colSpan={5} className="px-1.5 py-8 sm:px-3 text-center text-red-700">
                  {t('catalogue:brands.loadFailed')}
                </td>
              </tr>
            ) : list.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-1.5 py-8 sm:px-3 text-center text-slate-500">
                  {t('admin.empty')}
                </td>
              </tr>
            ) : (
              list.map((category) => (
                <tr key={category._id} className="hover:bg-slate-50">
                  <td className="px-1.5 py-3 sm:px-3 tabular-nums text-slate-600">{category.number}</td>
                  <th scope="row" className="px-1.5 py-3 sm:px-3 font-medium text-slate-900">
                    <span className="flex items-center gap-2">
                      <BrandLogo category={category} className="h-8 w-8 text-sm" />
                      <span>
                        {category.name}
                        {category.parent && (
                          <span className="block text-xs font-normal text-slate-500">
                            {t('admin.seriesOf', { name: list.find((maker) => maker._id === category.parent)?.name })}
                          </span>
                        )}
                      </span>
                    </span>
                  </th>
                  <td className="px-1.5 py-3 sm:px-3 text-right tabular-nums">{category.PhonesCount}</td>
                  <td className="px-1.5 py-3 sm:px-3 text-right tabular-nums">{category.devicesCount}</td>
                  <td className="px-1 py-2 text-right sm:px-3">
                    <Menu
                      label={t('admin.actionsOf', { name: category.name })}
                      trigger={<span aria-hidden>⋮</span>}
                      triggerClassName="inline-flex h-11 w-11 items-center justify-center text-xl leading-none text-slate-600"
                      width="sm"
                      items={[
                        { key: 'edit', label: t('admin.edit'), onSelect: () => setDialog({ kind: 'edit', category }) },
                        { key: 'delete', label: t('admin.delete'), onSelect: () => setDialog({ kind: 'delete', category }), danger: true },
                      ]}
                    />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <SpecSourceState />

      {dialog?.kind === 'create' && <CategoryFormDialog nextNumber={nextNumber} categories={list} onClose={closeDialog} />}
      {dialog?.kind === 'edit' && <CategoryFormDialog category={dialog.category} nextNumber={nextNumber} categories={list} onClose={closeDialog} />}
      {dialog?.kind === 'delete' && <DeleteCategoryDialog category={dialog.category} onClose={closeDialog} />}
    </section>
  );
}
