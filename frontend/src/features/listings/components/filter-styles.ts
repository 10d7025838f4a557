/** The filters' field, label and button looks: the bar's (filters.tsx) and the drawer's (filter-drawer.tsx). */
export const FIELD = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-100';
export const LABEL = 'mb-1 block text-sm font-medium text-slate-700';
export const BUTTON = 'min-h-11 rounded-lg px-4 text-sm font-medium';
