import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_LIMITS,
  type CreatedReviewLink,
  type OwnerReview,
  type ReviewComment,
  type ReviewLinks,
  type ReviewPage,
  type Task,
} from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import {
  expectFailure,
  expectSuccess,
  failedFields,
  postFrom,
  sha256Hex,
  uniqueIp,
} from '../../../test/support/http.js';
import { completedTaskOf, grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';

const KEY = 'review-key';
const OPENS = 6;

/**
 * Issue 40 §2: a task's owner makes review links; whoever holds one reads the lines without an
 * account and (when it allows) comments on them with a name; the owner answers, resolves, approves.
 */
describe(`review links (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url },
      rateLimits: {
        reviewOpensPerIp: { limit: OPENS, windowSeconds: 600 },
        reviewCommentsPerIp: { limit: 30, windowSeconds: 600 },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  async function ownerWithTask(cues = 5) {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = await completedTaskOf(t, u.token, makeSrt(cues), 'harbour.srt');
    return { ...u, task };
  }
  const createLink = async (token: string, id: string, body: object = {}) =>
    expectSuccess<CreatedReviewLink>(
      await t.post('/task/review_link_create', { id, ...body }, { as: token }),
    );
  const tokenOf = (link: CreatedReviewLink) => link.url.split('#')[1]!;
  /** the reviewer: no session, a client address of the test's own */
  const reviewer = (ip = uniqueIp()) => ({
    open: (token: string) => postFrom(t, ip, '/review/open', { token }),
    comment: (token: string, segmentId: number, body: string, name = 'Mei (client)') =>
      postFrom(t, ip, '/review/comment', { token, segmentId, name, body }),
  });
  const ownerReview = async (token: string, id: string) =>
    expectSuccess<OwnerReview>(await t.post('/task/review_comments', { id }, { as: token }));
  const taskOf = async (token: string, id: string) =>
    expectSuccess<Task>(await t.post('/task/get', { id }, { as: token }));

  it('opens for a reviewer without an account, who comments; the owner answers, resolves, approves', async () => {
    const owner = await ownerWithTask();
    const link = await createLink(owner.token, owner.task.id);
    expect(link).toMatchObject({ access: 'comment', state: 'active', comments: 0, revokedAt: null });
    expect(link.url).toMatch(/^http:\/\/localhost(:\d+)?\/review#[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // only the token's hash is kept
    const [stored] = await t.ctx.db.query<{ hash: string }>(
      `SELECT encode(token_hash, 'hex') AS hash FROM review_links WHERE id = $1`,
      [link.id],
    );
    expect(stored!.hash).toBe(sha256Hex(tokenOf(link)));

    const r = reviewer();
    const opened = await r.open(tokenOf(link));
    expect(opened.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(opened.headers['cache-control']).toBe('no-store');
    const page = expectSuccess<ReviewPage>(opened);
    expect(page).toMatchObject({
      fileName: 'harbour.srt',
      targetLanguage: owner.task.targetLanguage,
      access: 'comment',
      approved: false,
      media: null,
      comments: [],
    });
    expect(page.lines).toHaveLength(5);
    expect(page.lines[0]).toMatchObject({
      id: 1,
      startMs: 0,
      original: 'This is line number 1 of the test film.',
    });
    expect(page.lines[1]!.startMs).toBeGreaterThan(page.lines[0]!.startMs);
    expect(page.lines[0]!.translated).not.toBe('');
    // nothing of the owner's account: no email, user id, task id or link id
    const text = opened.body;
    for (const secret of [owner.email, owner.task.id, link.id, `"userId"`, `"user_id"`])
      expect(text).not.toContain(secret);

    const comment = expectSuccess<ReviewComment>(
      await r.comment(tokenOf(link), 2, '  "Boats" reads better.  '),
    );
    expect(comment).toMatchObject({
      segmentId: 2,
      author: 'Mei (client)',
      byOwner: false,
      body: '"Boats" reads better.',
      replyTo: null,
      resolvedAt: null,
    });
    // the owner sees it beside line 2, and the task list counts it open
    expect((await ownerReview(owner.token, owner.task.id)).comments).toEqual([comment]);
    expect((await taskOf(owner.token, owner.task.id)).openComments).toBe(1);
    const list = expectSuccess<{ list: Task[] }>(await t.post('/task/list', {}, { as: owner.token }));
    expect(list.list.find((x) => x.id === owner.task.id)).toMatchObject({
      openComments: 1,
      approvedAt: null,
    });

    const answer = expectSuccess<ReviewComment>(
      await t.post(
        '/task/review_answer',
        { id: owner.task.id, commentId: comment.id, body: 'Changed, thank you.' },
        { as: owner.token },
      ),
    );
    expect(answer).toMatchObject({ segmentId: 2, author: null, byOwner: true, replyTo: comment.id });
    // an answer to the answer goes to the reviewer's comment
    const again = expectSuccess<ReviewComment>(
      await t.post(
        '/task/review_answer',
        { id: owner.task.id, commentId: answer.id, body: 'And line 3 too.' },
        { as: owner.token },
      ),
    );
    expect(again.replyTo).toBe(comment.id);

    const resolved = expectSuccess<ReviewComment>(
      await t.post(
        '/task/review_resolve',
        { id: owner.task.id, commentId: comment.id, resolved: true },
        { as: owner.token },
      ),
    );
    expect(resolved.resolvedAt).not.toBeNull();
    expect((await taskOf(owner.token, owner.task.id)).openComments).toBe(0);
    // answers are not resolved: only a reviewer's comment is
    expectFailure(
      await t.post(
        '/task/review_resolve',
        { id: owner.task.id, commentId: answer.id, resolved: true },
        { as: owner.token },
      ),
      40472,
      404,
    );
    const approved = expectSuccess<{ approvedAt: string | null }>(
      await t.post('/task/review_approve', { id: owner.task.id, approved: true }, { as: owner.token }),
    );
    expect(approved.approvedAt).not.toBeNull();
    expect((await taskOf(owner.token, owner.task.id)).approvedAt).toBe(approved.approvedAt);

    // the reviewer sees the answers, the resolution and the approval
    const seen = expectSuccess<ReviewPage>(await r.open(tokenOf(link)));
    expect(seen.approved).toBe(true);
    expect(seen.comments.map((c) => [c.byOwner, c.body])).toEqual([
      [false, '"Boats" reads better.'],
      [true, 'Changed, thank you.'],
      [true, 'And line 3 too.'],
    ]);
    expect(seen.comments[0]!.resolvedAt).not.toBeNull();
    const links = expectSuccess<ReviewLinks>(
      await t.post('/task/review_links', { id: owner.task.id }, { as: owner.token }),
    );
    expect(links.links).toEqual([expect.objectContaining({ id: link.id, comments: 1, state: 'active' })]);

    // opened again, not approved any more
    await t.post(
      '/task/review_resolve',
      { id: owner.task.id, commentId: comment.id, resolved: false },
      { as: owner.token },
    );
    await t.post('/task/review_approve', { id: owner.task.id, approved: false }, { as: owner.token });
    expect(await taskOf(owner.token, owner.task.id)).toMatchObject({ openComments: 1, approvedAt: null });
  });

  it("shows each link's reviewer only that link's comments", async () => {
    const owner = await ownerWithTask(3);
    const a = await createLink(owner.token, owner.task.id);
    const b = await createLink(owner.token, owner.task.id, { expiresInDays: 1 });
    const r = reviewer();
    expectSuccess(await r.comment(tokenOf(a), 1, 'From A'));
    expectSuccess(await r.comment(tokenOf(b), 1, 'From B'));
    const pageB = expectSuccess<ReviewPage>(await r.open(tokenOf(b)));
    expect(pageB.comments.map((c) => c.body)).toEqual(['From B']);
    expect((await ownerReview(owner.token, owner.task.id)).comments.map((c) => c.body)).toEqual([
      'From A',
      'From B',
    ]);
  });

  it('refuses comments through a read-only link, on a line not in the task, and bad names or texts', async () => {
    const owner = await ownerWithTask(3);
    const readOnly = await createLink(owner.token, owner.task.id, { access: 'read' });
    const r = reviewer();
    expect(expectSuccess<ReviewPage>(await r.open(tokenOf(readOnly))).access).toBe('read');
    expectFailure(await r.comment(tokenOf(readOnly), 1, 'Nice'), 40370, 403);

    const link = await createLink(owner.token, owner.task.id);
    expectFailure(await r.comment(tokenOf(link), 99, 'Where?'), 40471, 404);
    const long = await r.comment(tokenOf(link), 1, 'x'.repeat(REVIEW_LIMITS.maxCommentLength + 1));
    expectFailure(long, 40000, 400);
    expect(failedFields(long)).toEqual(['body']);
    expect(failedFields(await r.comment(tokenOf(link), 1, 'ok', '   '))).toEqual(['name']);
    expect(
      failedFields(await r.comment(tokenOf(link), 1, 'ok', 'n'.repeat(REVIEW_LIMITS.maxNameLength + 1))),
    ).toEqual(['name']);
    expect((await ownerReview(owner.token, owner.task.id)).comments).toEqual([]);
  });

  it('stops a link at once when it expires, is revoked, its task is deleted or its account closed', async () => {
    const owner = await ownerWithTask(2);
    const r = reviewer();
    const expiring = await createLink(owner.token, owner.task.id);
    await t.ctx.db.query(`UPDATE review_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      expiring.id,
    ]);
    expectFailure(await r.open(tokenOf(expiring)), 40470, 404);
    expectFailure(await r.comment(tokenOf(expiring), 1, 'Late'), 40470, 404);

    const revoked = await createLink(owner.token, owner.task.id);
    expectSuccess(await r.open(tokenOf(revoked)));
    expectSuccess(
      await t.post(
        '/task/review_link_revoke',
        { id: owner.task.id, linkId: revoked.id },
        { as: owner.token },
      ),
    );
    expectFailure(await r.open(tokenOf(revoked)), 40470, 404);
    const states = expectSuccess<ReviewLinks>(
      await t.post('/task/review_links', { id: owner.task.id }, { as: owner.token }),
    ).links.map((l) => [l.id, l.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [expiring.id, 'expired'],
        [revoked.id, 'revoked'],
      ]),
    );

    const live = await createLink(owner.token, owner.task.id);
    const other = await ownerWithTask(2);
    const otherLink = await createLink(other.token, other.task.id);
    expectSuccess(await t.post('/task/delete', { id: other.task.id }, { as: other.token }));
    expectFailure(await r.open(tokenOf(otherLink)), 40470, 404);

    expectSuccess(await r.open(tokenOf(live)));
    expectSuccess(await t.post('/user/close_account', { pass: owner.pass }, { as: owner.token }));
    expectFailure(await r.open(tokenOf(live)), 40470, 404);
    expectFailure(await r.comment(tokenOf(live), 1, 'Anyone?'), 40470, 404);
  });

  it("keeps another user's tasks, links and comments out of reach", async () => {
    const owner = await ownerWithTask(2);
    const link = await createLink(owner.token, owner.task.id);
    const comment = expectSuccess<ReviewComment>(await reviewer().comment(tokenOf(link), 1, 'Hm'));
    const stranger = await t.signUp();
    const as = { as: stranger.token };
    const id = owner.task.id;
    expectFailure(await t.post('/task/review_links', { id }, as), 40402, 404);
    expectFailure(await t.post('/task/review_link_create', { id }, as), 40402, 404);
    expectFailure(await t.post('/task/review_link_revoke', { id, linkId: link.id }, as), 40402, 404);
    expectFailure(await t.post('/task/review_comments', { id }, as), 40402, 404);
    expectFailure(
      await t.post('/task/review_answer', { id, commentId: comment.id, body: 'x' }, as),
      40402,
      404,
    );
    expectFailure(
      await t.post('/task/review_resolve', { id, commentId: comment.id, resolved: true }, as),
      40402,
      404,
    );
    expectFailure(await t.post('/task/review_approve', { id, approved: true }, as), 40402, 404);
    // the stranger's own task does not reach the owner's link or comment by their ids
    const own = await ownerWithTask(2);
    const ownAs = { as: own.token };
    expectFailure(
      await t.post('/task/review_link_revoke', { id: own.task.id, linkId: link.id }, ownAs),
      40470,
      404,
    );
    expectFailure(
      await t.post('/task/review_resolve', { id: own.task.id, commentId: comment.id, resolved: true }, ownAs),
      40472,
      404,
    );
    expect((await ownerReview(owner.token, id)).comments[0]!.resolvedAt).toBeNull();
    // no session: the owner's calls are refused
    expectFailure(await t.post('/task/review_links', { id }), 40100, 401);
  });

  it('shares only a translated task, and at most the limit of links in use', async () => {
    const u = await t.signUp();
    const pending = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'new.srt', data: makeSrt(2) }));
    expectFailure(await t.post('/task/review_link_create', { id: pending.id }, { as: u.token }), 40975, 409);

    const owner = await ownerWithTask(2);
    const made = [];
    for (let i = 0; i < REVIEW_LIMITS.maxActiveLinks; i += 1)
      made.push(await createLink(owner.token, owner.task.id));
    const full = expectFailure(
      await t.post('/task/review_link_create', { id: owner.task.id }, { as: owner.token }),
      42291,
      422,
    );
    expect(full.msg).toContain(String(REVIEW_LIMITS.maxActiveLinks));
    // a revoked link is not in use: one more may be made
    await t.post('/task/review_link_revoke', { id: owner.task.id, linkId: made[0]!.id }, { as: owner.token });
    await createLink(owner.token, owner.task.id);
  });

  it("keeps a link's comments to its limit, even when they come at once", async () => {
    const owner = await ownerWithTask(2);
    const link = await createLink(owner.token, owner.task.id);
    await t.ctx.db.query(
      `INSERT INTO review_comments (task_id, link_id, segment_id, author, body)
       SELECT $1, $2, 1, 'bulk', 'c' || g FROM generate_series(1, $3::int) g`,
      [owner.task.id, link.id, REVIEW_LIMITS.maxCommentsPerLink - 1],
    );
    const answers = await Promise.all(
      [1, 2, 3].map((n) => reviewer().comment(tokenOf(link), 1, `last ${n}`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectFailure(a, 42292, 422);
    const [count] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM review_comments WHERE link_id = $1`,
      [link.id],
    );
    expect(count!.n).toBe(REVIEW_LIMITS.maxCommentsPerLink);
  });

  it('counts every open from a client address, known link or not, and refuses past the limit', async () => {
    const owner = await ownerWithTask(2);
    const link = await createLink(owner.token, owner.task.id);
    const r = reviewer();
    const guess = 'A'.repeat(REVIEW_LIMITS.tokenLength);
    for (let i = 0; i < OPENS - 1; i += 1) expectFailure(await r.open(guess), 40470, 404);
    expectSuccess(await r.open(tokenOf(link)));
    expectFailure(await r.open(tokenOf(link)), 42900, 429);
    // another address is not held back
    expectSuccess(await reviewer().open(tokenOf(link)));
    // a token that is not one is refused before anything is read
    expectFailure(await reviewer().open('short'), 40000, 400);
  });
});
