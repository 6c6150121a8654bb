import { Parser, zhHansModel } from 'budoux';

/** BudouX's Simplified Chinese phrase model (its own chunk: see phrases.ts). */
export const parser = new Parser(zhHansModel);
