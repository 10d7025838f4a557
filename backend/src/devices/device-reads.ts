import type { SpecEntry } from '@market/contracts';
import type { ReadFragment } from '../database/read-fragment';

/**
 * How other modules' queries read `devices`, read-only, so that its name and columns stay in this
 * module. The fragment goes into the caller's own query: a listing's detail stays one round trip.
 */

/** What `catalogueModel` selects; all null when the caller's row names no model. */
export interface CatalogueModelColumns {
  device_name: string | null;
  device_img: string | null;
  device_quick_spec: SpecEntry[] | null;
}

/** The name, picture and quick specs (CatalogueModelColumns) of the model whose id is `deviceId`, a column of the caller's that may be null. */
export function catalogueModel(deviceId: string): ReadFragment {
  return {
    join: `LEFT JOIN devices device ON device.id = ${deviceId}`,
    columns: 'device.name AS device_name, device.img AS device_img, device.quick_spec AS device_quick_spec',
  };
}
