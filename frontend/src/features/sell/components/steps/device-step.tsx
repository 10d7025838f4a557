import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { CUSTOM_MODEL_NAME_MAX, LIMITS, type Device } from '@market/contracts';
import { FieldError } from '../../../../components/form/field-error';
import { inputClass, labelClass } from '../../../../components/form/text-field';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useFindDevices } from '../../api/find-devices';
import { useTopSearchedDevices } from '../../api/get-top-searched-devices';
import { useSelectDevice } from '../../hooks/use-select-device';
import { useWizardStore } from '../../stores/wizard-store';
import { useBrandsQuery } from '../brands-query';
import { LoadFailed } from '../../../../components/load-failed';
import { TitledSection } from '../../../../components/titled-section';

const SEARCH_DELAY_MS = 300;

/** The typed name once typing pauses, so a search is not sent for every letter. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** Step 0: search the catalogue by name (3 characters at least), pick one of the top searched devices, or type a model the catalogue lacks. */
export function DeviceStep() {
  const { t } = useTranslation(['sell', 'messages']);
  const fieldId = useId();
  const [name, setName] = useState('');
  const typed = name.trim();
  const settled = useSettled(typed);
  const tooShort = typed.length > 0 && typed.length < LIMITS.deviceSearchMin;
  const searching = typed.length >= LIMITS.deviceSearchMin;
  const found = useFindDevices(settled.length >= LIMITS.deviceSearchMin ? settled : '');
  const error = useWizardStore((state) => state.errors.device);

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={fieldId} className={labelClass}>
          {t('device.search')}
        </label>
        <input
          id={fieldId}
          type="search"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('device.placeholder')}
          autoComplete="off"
          aria-invalid={tooShort ? true : undefined}
          aria-describedby={tooShort ? `${fieldId}-hint` : undefined}
          className={inputClass}
        />
        <FieldError id={`${fieldId}-hint`} messageKey={tooShort ? 'deviceSearchMin' : undefined} />
      </div>
      <SelectedDevice />
      <FieldError id={`${fieldId}-device`} messageKey={error} />
      {searching ? (
        <section aria-label={t('device.results')} aria-busy={found.isFetching}>
          {found.isError ? (
            <p role="alert" className="text-red-700">
              {found.error.message}
            </p>
          ) : found.data && settled === typed ? (
            <>
              <p role="status" className="mb-2 text-sm text-slate-600">
                {found.data.count > 0 ? t('device.found', { count: found.data.count }) : t('messages:deviceNotFound')}
              </p>
              <DeviceList devices={found.data.devices} />
            </>
          ) : (
            <p role="status" className="text-sm text-slate-600">
              {t('common:loading')}
            </p>
          )}
        </section>
      ) : (
        <TopSearchedDevices />
      )}
      <OtherModel typed={typed} />
    </div>
  );
}

/**
 * 'Boshqa model': a model still missing from the catalogue, typed within its brand (the search's
 * words to start with). The listing is named after it and goes to moderation marked so.
 */
function OtherModel({ typed }: { typed: string }) {
  const { t } = useTranslation(['sell', 'messages']);
  const fieldId = useId();
  const customModel = useWizardStore((state) => state.values.customModel);
  const setCustomModel = useWizardStore((state) => state.setCustomModel);
  const error = useWizardStore((state) => state.errors.customModel);
  const brands = useQuery({ ...useBrandsQuery(), enabled: customModel !== null });
  if (!customModel) {
    return (
      <div className="border-t border-slate-200 pt-4">
        <p className="mb-2 text-sm text-slate-600">{t('device.otherModelHint')}</p>
        <button
          type="button"
          onClick={() => setCustomModel({ brand: '', name: typed })}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('device.otherModel')}
        </button>
      </div>
    );
  }
  return (
    <fieldset className="space-y-3 rounded-xl border border-brand-600 bg-brand-50 p-3" aria-describedby={error ? `${fieldId}-error` : undefined}>
      <legend className="px-1 font-semibold text-slate-900">{t('device.otherModel')}</legend>
      <p className="text-sm text-slate-700">{t('device.otherModelHint')}</p>
      <div>
        <label htmlFor={`${fieldId}-brand`} className={labelClass}>
          {t('device.brand')}
        </label>
        <select
          id={`${fieldId}-brand`}
          value={customModel.brand}
          onChange={(event) => setCustomModel({ ...customModel, brand: event.target.value })}
          aria-invalid={error === 'customModelBrand' ? true : undefined}
          className={inputClass}
        >
          <option value="">{t('device.chooseBrand')}</option>
          {brands.data?.map((brand) => (
            <option key={brand._id} value={brand._id}>
              {brand.name}
            </option>
          ))}
        </select>
        {brands.isError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {t('device.brandsFailed')}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${fieldId}-name`} className={labelClass}>
          {t('device.modelName')}
        </label>
        <input
          id={`${fieldId}-name`}
          value={customModel.name}
          maxLength={CUSTOM_MODEL_NAME_MAX}
          onChange={(event) => setCustomModel({ ...customModel, name: event.target.value })}
          placeholder={t('device.modelNamePlaceholder')}
          autoComplete="off"
          aria-invalid={error === 'customModelName' ? true : undefined}
          className={inputClass}
        />
      </div>
      <FieldError id={`${fieldId}-error`} messageKey={error} />
    </fieldset>
  );
}

function TopSearchedDevices() {
  const { t } = useTranslation(['sell', 'messages']);
  const top = useTopSearchedDevices();
  if (top.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('common:loading')}
      </p>
    );
  }
  if (top.isError) {
    // Spec section 8: a 500 here means the catalogue is broken, which only the site's admins can fix.
    const fault = top.error instanceof ApiError && top.error.status === 500;
    return (
      <LoadFailed
        message={fault ? t('device.technicalFault') : top.error.message}
        retry={fault ? undefined : { label: t('retry'), onRetry: () => void top.refetch() }}
      />
    );
  }
  return (
    <TitledSection title={t('device.topSearched')} heading="h3" titleClassName="mb-2 text-sm font-medium text-slate-700">
      <DeviceList devices={top.data} />
    </TitledSection>
  );
}

function DeviceList({ devices }: { devices: Device[] }) {
  const { t } = useTranslation(['sell', 'messages']);
  const chosen = useWizardStore((state) => state.values.device?._id);
  const selection = useSelectDevice();
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {devices.map((device) => {
        const busy = selection.isPending && selection.variables._id === device._id;
        return (
          <li key={device._id}>
            <button
              type="button"
              onClick={() => selection.mutate(device)}
              disabled={selection.isPending}
              aria-pressed={chosen === device._id}
              aria-busy={busy}
              className="flex w-full items-center gap-3 rounded-lg border border-slate-300 bg-white p-2 text-left hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-wait aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
            >
              <DeviceImage device={device} />
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words text-slate-900">{device.name}</span>
                {busy && <span className="block text-sm text-slate-600">{t('device.selecting')}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The device's picture beside its name (decorative: the name says it); a grey box when there is none or it does not load. */
function DeviceImage({ device }: { device: Pick<Device, 'img'> }) {
  const [failed, setFailed] = useState<string | null>(null);
  return device.img && device.img !== failed ? (
    <img
      src={device.img}
      alt=""
      width={40}
      height={52}
      loading="lazy"
      onError={() => setFailed(device.img)}
      className="h-13 w-10 shrink-0 object-contain"
    />
  ) : (
    <span aria-hidden className="h-13 w-10 shrink-0 rounded bg-slate-100" />
  );
}

/** The chosen device, with how many sellers picked it. */
function SelectedDevice() {
  const { t } = useTranslation(['sell', 'messages']);
  const device = useWizardStore((state) => state.values.device);
  if (!device) return null;
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-brand-600 bg-brand-50 p-3">
      <DeviceImage device={device} />
      <div className="min-w-0">
        <p className="text-sm text-brand-800">{t('device.chosen')}</p>
        <p className="font-semibold break-words text-slate-900">{device.name}</p>
        <SearchCount />
      </div>
    </div>
  );
}

function SearchCount() {
  const { t } = useTranslation(['sell', 'messages']);
  const count = useWizardStore((state) => state.deviceSearchCount);
  return count === null ? null : <p className="text-sm text-slate-600">{t('device.searchCount', { count })}</p>;
}
