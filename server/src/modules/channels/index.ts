// Channels: the product feeds Google Merchant Center and Meta Commerce Manager read.
export { FeedService, type FeedKind, type BuiltFeed, type CatalogVersion, type FeedSummary } from './feed.service.js';
export { mountFeedRoutes, FEED_PATHS, FEED_CACHE_CONTROL } from './feeds.http.js';
export { feedItemsOf, feedPrice, googleCategoryOf, type FeedItem } from './feed-items.js';
export { META_COLUMNS } from './feed-writers.js';
