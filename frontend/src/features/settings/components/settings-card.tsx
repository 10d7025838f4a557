import type { ReactNode } from 'react';
import { TitledSection } from '../../../components/titled-section';

/** One card of the settings page: a titled section. */
export function SettingsCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <TitledSection title={title} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" titleClassName="text-lg font-semibold text-slate-900">
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </TitledSection>
  );
}
