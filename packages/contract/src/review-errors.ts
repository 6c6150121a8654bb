import { def } from './error-def.js';

/** The refusals of review links and their comments (issue 40 §2). */
export const REVIEW_ERRORS = {
  /** unknown, expired, revoked, or its owner's account closed: the same answer, telling nothing */
  REVIEW_LINK_UNAVAILABLE: def(
    40470,
    404,
    '此审阅链接不存在、已过期或已被撤销：请向发送者索取新链接',
    'This review link does not exist, has expired or was withdrawn: ask whoever sent it for a new one',
    'このレビューリンクは存在しないか、期限切れか、取り消されています。送信者に新しいリンクを依頼してください',
  ),
  REVIEW_LINE_NOT_FOUND: def(
    40471,
    404,
    '这一行已不在任务中（可能已被修改）：请刷新页面',
    'This line is no longer in the task (it may have been edited): reload the page',
    'この行はもうタスクにありません（編集された可能性があります）。ページを再読み込みしてください',
  ),
  REVIEW_COMMENT_NOT_FOUND: def(
    40472,
    404,
    '找不到这条评论：请刷新页面',
    'This comment was not found: reload the page',
    'このコメントが見つかりません。ページを再読み込みしてください',
  ),
  REVIEW_READ_ONLY: def(
    40370,
    403,
    '此链接只能查看，不能评论：如需评论，请向发送者索取可评论的链接',
    'This link is for reading only: ask whoever sent it for a link that allows comments',
    'このリンクは閲覧専用です。コメントするには、コメントできるリンクを送信者に依頼してください',
  ),
  REVIEW_TASK_NOT_DONE: def(
    40975,
    409,
    '任务翻译完成后才能分享审阅',
    'A task can be shared for review once it is translated',
    'タスクは翻訳が完了してからレビューに共有できます',
  ),
  REVIEW_LINKS_FULL: def(
    42291,
    422,
    '该任务的有效审阅链接已达 {limit} 个：请先撤销不用的链接',
    'This task has {limit} review links in use: revoke one you no longer need first',
    'このタスクの有効なレビューリンクは {limit} 件に達しています。不要なリンクを先に取り消してください',
  ),
  REVIEW_COMMENTS_FULL: def(
    42292,
    422,
    '此链接的评论已达上限（{limit} 条）：请直接联系发送者',
    'This link has reached its limit of {limit} comments: contact whoever sent it directly',
    'このリンクのコメントは上限（{limit} 件）に達しました。送信者に直接連絡してください',
  ),
};
