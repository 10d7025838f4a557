/**
 * The listings in TOP now (issue 39), with when their TOP began: the feed's TOP places read them
 * (BrowseModule), the rest of promotions goes through PromotionsService.
 */
export const RUNNING_TOP = `
  SELECT listing_id, starts_at FROM promotion
   WHERE state = 'running' AND product IN ('top3', 'top7') AND ends_at > now()`;
