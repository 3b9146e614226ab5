// Full-text search over every session's shown messages: folding and CJK terms, snippets, the service that asks the
// derived database (derived/), and find-in-chat.
export { SearchService, SEARCH_FILE, type SearchServiceOptions } from './search-service.js';
export { makeSnippet, findRanges } from './snippet.js';
export { documentTerms, queryTerms, normalizeText } from './text.js';
export { findInBranch, findWork } from './find-in-chat.js';
