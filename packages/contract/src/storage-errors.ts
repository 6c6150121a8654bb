import { def } from './error-def.js';

/**
 * Refusals that keep audio/video storage from filling up for nothing: per-user caps checked when
 * an upload starts, and the deletion of uploads never translated. Part of ErrorCodes.
 */
export const STORAGE_ERRORS = {
  /** params: open, max */
  UPLOADS_OPEN_LIMIT: def(
    42920,
    429,
    '进行中的上传已有 {open} 个（上限 {max} 个）：请先完成或取消其中一个；未完成的上传 24 小时后自动清除',
    'You already have {open} uploads in progress (at most {max}): finish or cancel one of them first; unfinished uploads are removed after 24 hours',
    '進行中のアップロードがすでに {open} 件あります（上限 {max} 件）。いずれかを完了またはキャンセルしてください。未完了のアップロードは 24 時間後に削除されます',
  ),
  /** params: used, size, max (formatted sizes) */
  MEDIA_STORAGE_FULL: def(
    42921,
    429,
    '音视频存储空间不足：已用 {used}，本文件 {size}，上限 {max}。请删除不再需要的音视频任务，或取消进行中的上传',
    'Not enough audio/video storage: {used} used, this file is {size}, the limit is {max}. Delete audio/video tasks you no longer need, or cancel uploads in progress',
    '音声・動画の保存容量が足りません：使用中 {used}、このファイル {size}、上限 {max}。不要な音声・動画タスクを削除するか、進行中のアップロードをキャンセルしてください',
  ),
  MEDIA_EXPIRED: def(
    41000,
    410,
    '文件上传后长时间未翻译，已被删除；如需翻译请重新上传',
    'The file was deleted because it was not translated in time after its upload; upload it again to translate it',
    'アップロード後に翻訳されなかったため、ファイルは削除されました。翻訳するにはもう一度アップロードしてください',
  ),
};
