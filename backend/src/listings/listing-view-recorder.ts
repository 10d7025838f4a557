import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { VisitRecorder } from '../common/public-answer-cache';
import { visitorAddress } from '../common/visitor-address';
import { AppConfig } from '../config/app-config';
import { ListingBrowseService } from './listing-browse.service';

/**
 * A listing's detail is replayed to anonymous visitors from memory like the feed; each of them
 * still counts as a view (once a day per visitor, as when the detail is computed for them).
 */
@Injectable()
export class ListingViewRecorder extends VisitRecorder {
  constructor(
    private readonly browse: ListingBrowseService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  record(request: IncomingMessage): Promise<unknown> {
    const { pathname } = new URL(request.url!, 'http://listing.invalid');
    const listingId = pathname.slice(pathname.lastIndexOf('/') + 1);
    return this.browse.countView(listingId, { ip: visitorAddress(request, this.config.TRUST_PROXY) });
  }
}
