import { Parser, jaModel } from 'budoux';

/** BudouX's Japanese phrase model, for browsers without `word-break: auto-phrase` (see phrases.ts). */
export const parser = new Parser(jaModel);
