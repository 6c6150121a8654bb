import type { AccountLife } from '../accounts/account-life.js';
import { closeAccountWork } from './account-closing.service.js';
import { grantTrialPoints, trialPointsOf } from './trial-points.js';

/**
 * The account's life beyond the accounts module: trial points when it opens, the end of its work
 * and points when it closes (handed to accounts through the context: bootstrap.ts), and the
 * retention that deletes what it left (retention.jobs.ts).
 */
export const accountLife: AccountLife = {
  opened: grantTrialPoints,
  closing: closeAccountWork,
  trialPoints: trialPointsOf,
};
