/**
 * The stored photo: the longest side at most 1600 px (zoom, and previews on Telegram and Facebook),
 * from a picture of at most 25 megapixels: a phone's usual photo (12 MP, an iPhone's 24 MP) passes;
 * a 50 or 200 MP one from a camera's full-resolution mode takes several times as long to convert,
 * a turn every other seller waits for (issue 32), and gains nothing at 1600 px.
 */
export const LISTING_PHOTO_SHAPE = { size: 1600, maxInputPixels: 25_000_000 };
/** The thumbnail cards and the wizard show. */
export const LISTING_THUMBNAIL_SHAPE = { size: 400 };
/** The detail page's copy for phone screens: a quarter of the large photo's pixels. */
export const LISTING_SCREEN_SHAPE = { size: 800 };

/**
 * The copy posted to Instagram and Facebook. Instagram's content publishing takes only JPEG, 320 to 1440 px wide,
 * width:height from 4:5 to 1.91:1 and at most 8 MiB (1440x1800 px of JPEG stays far below). A portrait phone photo
 * (3:4) or a screenshot (9:19.5) is padded to 4:5, a panorama to 1.91:1. Named 'channel': copies made before the
 * padding kept the photo's ratio under the name '1440' (the backfill replaces them).
 */
export const LISTING_CHANNEL_SHAPE = { size: 1440, format: 'jpeg', ratio: { min: 4 / 5, max: 1.91 }, minWidth: 320, name: 'channel' } as const;

/** The copies made of every listing photo, in the order `variant_keys` keeps them. */
export const LISTING_PHOTO_VARIANTS = [LISTING_THUMBNAIL_SHAPE, LISTING_SCREEN_SHAPE, LISTING_CHANNEL_SHAPE];
export const THUMBNAIL_VARIANT = LISTING_PHOTO_VARIANTS.indexOf(LISTING_THUMBNAIL_SHAPE);
export const SCREEN_VARIANT = LISTING_PHOTO_VARIANTS.indexOf(LISTING_SCREEN_SHAPE);
export const CHANNEL_VARIANT = LISTING_PHOTO_VARIANTS.indexOf(LISTING_CHANNEL_SHAPE);
