import { LISTING_REGIONS, type Language } from '@market/contracts';

/** A region id of a listing in the reader's language; an unknown id is shown as stored. */
export function regionLabel(region: string, language: Language): string {
  return LISTING_REGIONS.find((candidate) => candidate.id === region)?.label[language] ?? region;
}
