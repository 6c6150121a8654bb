import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { insertUser, isPlaceholderEmail, type NewUser, type UserRow } from './users.repository.js';

/** Who a new account is, as its sign-up knew it: trial points are granted once per identity. */
export interface SignupIdentity {
  /** a verified email; null for WeChat, and for Google without a verified one */
  email: string | null;
  googleSub: string | null;
  wechatOpenid: string | null;
  wechatUnionid: string | null;
}

/** What is left once the closing transaction committed: the storage's part. */
export type AfterClose = () => Promise<void>;

/**
 * What the modules above accounts do in an account's life. Accounts is the bottom of the module
 * graph (every module reads the signed-in user from it), so it cannot call them; the application
 * hands their handlers in (bootstrap.ts: modules/account-life).
 */
export interface AccountLife {
  /** a sign-up (never a manager) made the account: runs in the transaction that inserted it */
  opened(ctx: AppContext, q: Queryable, userId: number, identity: SignupIdentity): Promise<void>;
  /**
   * runs in the closing transaction, after the row was anonymised: the account's running work,
   * holds and points end; answers what to do once that transaction committed
   */
  closing(ctx: AppContext, q: Queryable, account: { id: number; pic: string }): Promise<AfterClose>;
  /** what is left of the account's trial points (0: none) */
  trialPoints(ctx: AppContext, userId: number): Promise<number>;
}

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
