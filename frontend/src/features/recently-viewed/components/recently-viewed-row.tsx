import { Suspense, useState } from 'react';
import { lazyWhenOnline } from '../../../lib/load-chunk';
import { recentlyViewed } from '../recently-viewed-store';

/** Its code and texts load only when this browser has opened listings: a first visit's home page goes without. */
const RecentlyViewedList = lazyWhenOnline(() => import('./recently-viewed-list'));

/** The home page's row of the last listings this browser opened; nothing when there are none. */
export function RecentlyViewedRow() {
  const [viewed] = useState(recentlyViewed);
  if (viewed.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewedList viewed={viewed} />
    </Suspense>
  );
}
