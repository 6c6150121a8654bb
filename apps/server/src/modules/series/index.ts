/**
 * What other modules may use of the series module: the tasks module reads a series' memory for a
 * new episode and merges an episode's corrected names and terms into it; account-life deletes a
 * closed account's series.
 */
export { mergeSeriesMemory, seriesMemoryOf } from './series.service.js';
export { deleteSeriesOf } from './series.repository.js';
