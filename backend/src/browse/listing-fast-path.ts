import { Injectable, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { listingQuerySchema } from '@market/contracts';
import { PublicAnswerCache, VisitRecorder } from '../common/public-answer-cache';
import { visitorAddress } from '../common/visitor-address';
import { ZodPipe } from '../common/zod-body.pipe';
import { AppConfig } from '../config/app-config';
import { ListingCountersService } from './listing-counters.service';
import { ListingDetailService } from './listing-detail.service';
import { ListingFeedService } from './listing-feed.service';

/** The feed's query as the controller reads it (text PostgreSQL cannot keep refused). */
const listingQuery = new ZodPipe(listingQuerySchema);
/** A listing's detail page, `/api/phone/{id}` with an id the controller's ParseUUIDPipe takes. */
const LISTING_PATH = /^\/api\/phone\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The fast path of anonymous browsing: the feed's and a listing's detail URLs that the public
 * answer cache does not keep (the long tail: any page, any listing, any model typed any way) are
 * computed for anonymous visitors as BrowseController computes them, without Express and Nest's
 * pipeline, which cost about as much as the answer itself (issue 17). A detail replayed from
 * memory still counts as a view (once a day per visitor, as when it is computed for them): this
 * is the detail route's VisitRecorder.
 */
@Injectable()
export class ListingFastPath extends VisitRecorder implements OnModuleInit {
  constructor(
    private readonly feed: ListingFeedService,
    private readonly details: ListingDetailService,
    private readonly counters: ListingCountersService,
    private readonly publicAnswers: PublicAnswerCache,
    private readonly config: AppConfig,
  ) {
    super();
  }

  onModuleInit(): void {
    this.publicAnswers.answerDirectly({
      route: (pathname, query) => (pathname === '/api/phone' ? async () => this.feed.list(listingQuery.transform(query)) : undefined),
    });
    this.publicAnswers.answerDirectly({
      recorder: this,
      route: (pathname, _query, request) => {
        const id = LISTING_PATH.exec(pathname)?.[1];
        return id ? () => this.details.detail(id, { ip: visitorAddress(request, this.config.TRUST_PROXY) }) : undefined;
      },
    });
  }

  record(request: IncomingMessage): Promise<unknown> {
    const { pathname } = new URL(request.url!, 'http://listing.invalid');
    const listingId = pathname.slice(pathname.lastIndexOf('/') + 1);
    return this.counters.countView(listingId, { ip: visitorAddress(request, this.config.TRUST_PROXY) });
  }
}
