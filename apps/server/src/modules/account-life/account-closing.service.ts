import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import type { AfterClose } from '../accounts/account-life.js';
import { ownAvatarKey } from '../accounts/avatars.js';
import { settleClosedAccount } from '../billing/account-ledger.service.js';
import { abortStoredUploads, stopUploadsOf } from '../media/account-uploads.service.js';
import { queueDeletions } from '../storage/object-deletions.repository.js';
import { purgeObjects } from '../storage/object-deletions.service.js';
import { cancelTasksOf } from '../tasks/index.js';

/**
 * What ends when an account closes, in the transaction that anonymises it: running and queued
 * tasks are cancelled and their holds released, then the remaining points are forfeited (the
 * ledger records each lot written off); uploads in progress stop; our stored avatar is queued for
 * deletion. After the commit the storage discards the uploads' parts and deletes the avatar. The
 * account's content stays 30 days (retention.service.ts), its orders and ledger years longer.
 */
export async function closeAccountWork(
  ctx: AppContext,
  q: Queryable,
  account: { id: number; pic: string },
): Promise<AfterClose> {
  const cancelled = await cancelTasksOf(ctx, q, account.id);
  const { released, forfeited } = await settleClosedAccount(ctx.db, q, account.id);
  const uploads = await stopUploadsOf(q, account.id);
  const avatar = ownAvatarKey(account.pic, account.id);
  if (avatar) await queueDeletions(q, [avatar], 'account-closed');
  ctx.log.info(
    { user: account.id, cancelled, released, forfeited, uploads: uploads.length },
    'account closed',
  );
  return async () => {
    await abortStoredUploads(ctx, uploads);
    if (avatar) await purgeObjects(ctx, [avatar]);
  };
}
