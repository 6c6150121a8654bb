import type { AppContext, SignupIdentity } from '../../context.js';
import { insertUser, isPlaceholderEmail, type NewUser, type UserRow } from './users.repository.js';

// the hook's types live with the context, which holds the hook and may import no module
export type { AccountLife, AfterClose, SignupIdentity } from '../../context.js';

export function signupIdentityOf(u: NewUser): SignupIdentity {
  return {
    email: isPlaceholderEmail(u.email) ? null : u.email,
    googleSub: u.googleSub ?? null,
    wechatOpenid: u.wechatOpenid ?? null,
    wechatUnionid: u.wechatUnionid ?? null,
  };
}

/**
 * Inserts an account a sign-up made (registration, a first Google or WeChat sign-in) and opens it
 * in the same transaction; undefined when the email or external id is taken.
 */
export async function insertSignedUpUser(ctx: AppContext, u: NewUser): Promise<UserRow | undefined> {
  return ctx.db.tx(async (q) => {
    const row = await insertUser(q, u);
    if (row) await ctx.accountLife.opened(ctx, q, row.id, signupIdentityOf(u));
    return row;
  });
}
