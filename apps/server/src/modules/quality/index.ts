/** What other modules may use of the quality module: the norms a user's translations follow. */
export { userNorms } from './quality.service.js';
