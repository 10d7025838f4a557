import { useEffect, useRef, type ComponentType } from 'react';
import { Link, Navigate } from 'react-router-dom';
import type { UserDto } from '@market/contracts';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useDraftKeeper } from '../hooks/use-draft-keeper';
import { useWizardStart, type WizardTarget } from '../hooks/use-wizard-start';
import { draftPath } from '../paths';
import { uploadedImageIds, useWizardStore } from '../stores/wizard-store';
import { stepErrors } from '../wizard-form';
import { LAST_STEP, nextStep, previousStep, STEP, STEP_NAMES, type StepName } from '../wizard-steps';
import { BrandsQueryContext, type BrandsQuery } from './brands-query';
import { ColorStep } from './steps/color-step';
import { ConditionStep } from './steps/condition-step';
import { ContactStep } from './steps/contact-step';
import { DescriptionStep } from './steps/description-step';
import { DeviceStep } from './steps/device-step';
import { EditStepMenu } from './edit-step-menu';
import { LatestDraftOffer } from './latest-draft-offer';
import { MemoryStep } from './steps/memory-step';
import { PhotosStep } from './steps/photos-step';
import { PriceStep } from './steps/price-step';
import { RegionStep } from './steps/region-step';
import { TariffStep } from './steps/tariff-step';
import { TopUpDialogContext, type RenderTopUpDialog } from './top-up-dialog';
import { WizardProgress } from './wizard-progress';
import { WizardSuccess } from './wizard-success';
import { LoadFailed } from '../../../components/load-failed';
import { useMainAction } from '../../../lib/use-main-action';

const STEP_VIEWS: Record<StepName, ComponentType> = {
  device: DeviceStep,
  memory: MemoryStep,
  color: ColorStep,
  price: PriceStep,
  description: DescriptionStep,
  contact: ContactStep,
  region: RegionStep,
  photos: PhotosStep,
  condition: ConditionStep,
  tariff: TariffStep,
};

/** Steps asking for what moderation approves (`needsReview`): an edit there sends an approved listing back to review. */
const REVIEWED_STEPS: readonly number[] = [STEP.device, STEP.memory, STEP.color, STEP.contact, STEP.photos, STEP.condition];

/** The contact step's button looks active only once the name is longer than this; it does not block (spec section 4). */
const AUTHOR_NAME_LOOKS_DONE = 2;

export interface ListingWizardPageProps {
  target: WizardTarget;
  /** Opened by the tariff step when the balance does not cover the tariff: the payments feature's picker. */
  topUpDialog: RenderTopUpDialog;
  /** The brands a 'Boshqa model' is typed within. */
  brandsQuery: BrandsQuery;
}

/**
 * The create wizard at /profile/phone/add (a draft with `?draft=<id>`) and the edit wizard at
 * /profile/phone/edit/{id}: steps 0 to 9 of spec section 4.
 */
export function ListingWizardPage({ target, topUpDialog, brandsQuery }: ListingWizardPageProps) {
  const { t } = useTranslation(['common', 'messages']);
  const { user, isAdmin } = useSession();
  const title = target.mode === 'edit' ? t('pages.editListing') : t('pages.addListing');
  return (
    <div className="mx-auto max-w-2xl">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      {/* The profile layout lets only signed-in users in. */}
      {user && (
        <TopUpDialogContext.Provider value={topUpDialog}>
          <BrandsQueryContext.Provider value={brandsQuery}>
            {target.mode === 'create' && target.draftId === null ? (
              <LatestDraftOffer>
                <WizardLoader target={target} user={user} isAdmin={isAdmin} />
              </LatestDraftOffer>
            ) : (
              <WizardLoader target={target} user={user} isAdmin={isAdmin} />
            )}
          </BrandsQueryContext.Provider>
        </TopUpDialogContext.Provider>
      )}
    </div>
  );
}

function WizardLoader({ target, user, isAdmin }: { target: WizardTarget; user: UserDto; isAdmin: boolean }) {
  const { t } = useTranslation(['sell', 'messages']);
  const start = useWizardStart(target, user, isAdmin);
  switch (start.status) {
    case 'loading':
      return <FullScreenLoader />;
    case 'draft':
      return <Navigate to={draftPath(start.draftId)} replace />;
    case 'notFound':
      return (
        <div className="py-10 text-center">
          <p className="text-lg font-medium text-slate-900">{t('messages:listingNotFound')}</p>
          <Link to="/profile" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
            {t('backToListings')}
          </Link>
        </div>
      );
    case 'error':
      return (
        <LoadFailed message={start.error.message} retry={{ label: t('retry'), onRetry: start.retry }} />
      );
    case 'ready':
      return <ListingWizard isAdmin={isAdmin} />;
  }
}

function ListingWizard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation(['sell', 'messages']);
  const step = useWizardStore((state) => state.step);
  const finished = useWizardStore((state) => state.finished);
  const hasDevice = useWizardStore((state) => state.values.device !== null || state.values.customModel !== null);
  const authorName = useWizardStore((state) => state.values.authorName);
  const editing = useWizardStore((state) => state.mode === 'edit');
  const approved = useWizardStore((state) => state.approved !== null);
  const keepDraft = useDraftKeeper(isAdmin);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // A new step is announced: its heading takes the focus (and scrolls into view on a phone); the draft keeps the step reached.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
    keepDraft();
  }, [step, keepDraft]);
  // Inside Telegram the MainButton continues the wizard (the page's own button stays for the web).
  useMainAction(finished || step >= LAST_STEP ? null : { label: t('next'), run: () => goNext(), disabled: step === STEP.device && !hasDevice });

  if (finished) return <WizardSuccess {...finished} />;

  const name = STEP_NAMES[step];
  const StepView = STEP_VIEWS[name];

  const goNext = () => {
    const { values, photos, goTo, setErrors } = useWizardStore.getState();
    if (step === STEP.photos && photos.some((photo) => !photo.image)) {
      toast.info(t('photos.wait'), { toastId: 'photos-wait' });
      return;
    }
    const errors = stepErrors(step, values, { isAdmin, images: uploadedImageIds(photos), step });
    if (Object.keys(errors).length) {
      setErrors(errors);
      if (errors.images === 'photosMin') toast.error(t('messages:photosMin'), { toastId: 'photos-min' });
      return;
    }
    goTo(nextStep(step, values.device));
  };
  const goBack = () => {
    const { values, goTo } = useWizardStore.getState();
    goTo(previousStep(step, values.device));
  };

  const nextLooksInactive = step === STEP.contact && authorName.trim().length <= AUTHOR_NAME_LOOKS_DONE;
  return (
    <>
      <WizardProgress step={step} />
      {editing && <EditStepMenu step={step} />}
      <section aria-labelledby="wizard-step-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="wizard-step-heading" ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none">
          {t(`steps.${name}`)}
        </h2>
        {approved && REVIEWED_STEPS.includes(step) && <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('edit.stepNeedsReview')}</p>}
        <StepView />
      </section>
      <div className="mt-4 flex gap-3">
        {step > STEP.device && (
          <button
            type="button"
            onClick={goBack}
            className="flex-1 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:flex-none"
          >
            {t('back')}
          </button>
        )}
        {step < LAST_STEP && (
          <button
            type="button"
            onClick={goNext}
            disabled={step === STEP.device && !hasDevice}
            className={`ml-auto flex-1 rounded-lg px-5 py-2.5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 sm:flex-none ${
              nextLooksInactive ? 'bg-slate-300 text-slate-700 hover:bg-slate-400' : 'bg-brand-700 text-white hover:bg-brand-800'
            }`}
          >
            {t('next')}
          </button>
        )}
      </div>
    </>
  );
}
