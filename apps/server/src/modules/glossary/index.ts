/**
 * What other modules may use of the glossary module: the tasks module checks a task's glossaries
 * at upload and translates with their entries; account-life deletes a closed account's.
 */
export { glossariesForTask, taskGlossaryEntries } from './glossary.service.js';
export { deleteGlossariesOf } from './glossary.repository.js';
