import type { User } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { toUser, type UserRow } from './users.repository.js';

/**
 * The account as every answer that names it gives it (sign-in, registration, profile, a changed
 * email): with the trial points it holds. A sign-up's grant commits with the account, so the
 * answer to the registration already counts it; the page shows the trial notice from this figure.
 */
export async function accountUser(ctx: AppContext, row: UserRow): Promise<User> {
  return toUser({ ...row, trial_points: await ctx.accountLife.trialPoints(ctx, row.id) });
}
