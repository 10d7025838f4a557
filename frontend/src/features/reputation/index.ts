/** Reputation earned in real deals (issue 38): seller signals, my deals, reviews. */
export { MyDeals } from './components/my-deals';
export { SellerSignals } from './components/seller-signals';
export { AllReviews } from './components/all-reviews';
export { ReputationQueue } from './components/reputation-queue';
