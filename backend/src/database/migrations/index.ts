import { Outbox1763800000000 } from './1763800000000-outbox';
import { UsersAndSessions1763800100000 } from './1763800100000-users-and-sessions';
import { Images1763800100001 } from './1763800100001-images';
import { SmsDelivery1763800100002 } from './1763800100002-sms-delivery';
import { Catalogue1763800200000 } from './1763800200000-catalogue';
import { BalanceLedger1763800300000 } from './1763800300000-balance-ledger';
import { CardPayments1763800310000 } from './1763800310000-card-payments';
import { Listings1763800400000 } from './1763800400000-listings';
import { Telegram1763800500000 } from './1763800500000-telegram';
import { ChannelPublication1763800510000 } from './1763800510000-channel-publication';
import { ListingCounters1763800600000 } from './1763800600000-listing-counters';
import { ListingsByDevice1763800700000 } from './1763800700000-listings-by-device';
import { FeedSortAndFilters1763801000000 } from './1763801000000-feed-sort-and-filters';
import { DevicePictures1763801100000 } from './1763801100000-device-pictures';
import { ListingEditsOnSale1763801400000 } from './1763801400000-listing-edits-on-sale';
import { PaymentSettlement1763801600000 } from './1763801600000-payment-settlement';
import { SmsDeliveryReports1763801600001 } from './1763801600001-sms-delivery-reports';
import { Buyers1763801700000 } from './1763801700000-buyers';
import { ListingReports1763801800000 } from './1763801800000-listing-reports';
import { SoldListings1763801810000 } from './1763801810000-sold-listings';
import { ListingChecks1763801820000 } from './1763801820000-listing-checks';
import { PhoneIdentity1763801900000 } from './1763801900000-phone-identity';
import { PhotoHashes1763801910000 } from './1763801910000-photo-hashes';
import { CustomModels1763801920000 } from './1763801920000-custom-models';
import { PaymentRecheck1763802033000 } from './1763802033000-payment-recheck';
import { Conversations1763802100000 } from './1763802100000-conversations';
import { Notifications1763802100001 } from './1763802100001-notifications';
import { ConversationRelay1763802100002 } from './1763802100002-conversation-relay';
import { ReportWeights1763803000000 } from './1763803000000-report-weights';
import { SpecSourcePacing1763803100000 } from './1763803100000-spec-source-pacing';
import { CardTokens1763803330000 } from './1763803330000-card-tokens';
import { TelegramMiniApp1763803400000 } from './1763803400000-telegram-mini-app';
import { BrandSeries1763803500000 } from './1763803500000-brand-series';
import { Promotions1763803600000 } from './1763803600000-promotions';
import { Reputation1763803700000 } from './1763803700000-reputation';
import { PriceDropAnnouncements1763803800000 } from './1763803800000-price-drop-announcements';
import { FlaggedMessages1763804100000 } from './1763804100000-flagged-messages';
import { FailedReposts1763804200000 } from './1763804200000-failed-reposts';
import { PersonBlocks1763804310000 } from './1763804310000-person-blocks';
import { SellerMessageLooks1763804400000 } from './1763804400000-seller-message-looks';
import { MessageClientKeys1763804500000 } from './1763804500000-message-client-keys';
import { ConversationBlocks1763804600000 } from './1763804600000-conversation-blocks';
import { FramedPhotoHashes1763804700000 } from './1763804700000-framed-photo-hashes';
import { TurnedPhotoHashes1763804800000 } from './1763804800000-turned-photo-hashes';
import { EarlySmsDeliveryReports1763804900000 } from './1763804900000-early-sms-delivery-reports';
import { CroppedPhotoHashes1763805000000 } from './1763805000000-cropped-photo-hashes';
import { PhotoPanelHashes1763805100000 } from './1763805100000-photo-panel-hashes';

/** Every migration in order; listed explicitly so the same list works from sources and from the build. */
export const MIGRATIONS = [
  Outbox1763800000000,
  UsersAndSessions1763800100000,
  Images1763800100001,
  SmsDelivery1763800100002,
  Catalogue1763800200000,
  BalanceLedger1763800300000,
  CardPayments1763800310000,
  Listings1763800400000,
  Telegram1763800500000,
  ChannelPublication1763800510000,
  ListingCounters1763800600000,
  ListingsByDevice1763800700000,
  FeedSortAndFilters1763801000000,
  DevicePictures1763801100000,
  ListingEditsOnSale1763801400000,
  PaymentSettlement1763801600000,
  SmsDeliveryReports1763801600001,
  Buyers1763801700000,
  ListingReports1763801800000,
  SoldListings1763801810000,
  ListingChecks1763801820000,
  PhoneIdentity1763801900000,
  PhotoHashes1763801910000,
  CustomModels1763801920000,
  PaymentRecheck1763802033000,
  Conversations1763802100000,
  Notifications1763802100001,
  ConversationRelay1763802100002,
  ReportWeights1763803000000,
  SpecSourcePacing1763803100000,
  CardTokens1763803330000,
  TelegramMiniApp1763803400000,
  BrandSeries1763803500000,
  Promotions1763803600000,
  Reputation1763803700000,
  PriceDropAnnouncements1763803800000,
  FlaggedMessages1763804100000,
  FailedReposts1763804200000,
  PersonBlocks1763804310000,
  SellerMessageLooks1763804400000,
  MessageClientKeys1763804500000,
  ConversationBlocks1763804600000,
  FramedPhotoHashes1763804700000,
  TurnedPhotoHashes1763804800000,
  EarlySmsDeliveryReports1763804900000,
  CroppedPhotoHashes1763805000000,
  PhotoPanelHashes1763805100000,
];
