/** What WeChat tells us about the person who scanned the QR code. */
export interface WechatProfile {
  /** per-app id of the person */
  openid: string;
  /** id across the open-platform account's apps, when the app is bound to one */
  unionid: string | null;
  nickname: string | null;
  headimgurl: string | null;
}

/**
 * WeChat website QR login (open platform "网站应用微信登录"): the code from the QR redirect is
 * exchanged at /sns/oauth2/access_token, then /sns/userinfo gives the profile.
 */
export interface WechatProvider {
  readonly appId: string;
  exchange(code: string): Promise<WechatProfile>;
}

/** A failed exchange; the message names the step and WeChat's errcode, never the secret or a token. */
export class WechatError extends Error {}

async function getJson(url: URL, timeoutMs: number): Promise<Record<string, unknown>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    text = await res.text();
  } catch (err) {
    const cause = (err as { cause?: { code?: unknown } }).cause?.code;
    const why =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer in ${timeoutMs} ms`
        : typeof cause === 'string'
          ? cause
          : String(err);
    // the query holds the app secret or an access token: it never goes into a message
    throw new WechatError(`${url.pathname}: ${why.split(url.search).join('?[redacted]')}`);
  }
  if (!res.ok) throw new WechatError(`${url.pathname}: HTTP ${res.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new WechatError(`${url.pathname}: answer is not JSON`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new WechatError(`${url.pathname}: answer is not a JSON object`);
  const obj = body as Record<string, unknown>;
  if (obj.errcode !== undefined && obj.errcode !== 0 && obj.errcode !== '0') {
    const errmsg = typeof obj.errmsg === 'string' ? obj.errmsg.slice(0, 200) : '';
    const errcode = typeof obj.errcode === 'number' || typeof obj.errcode === 'string' ? obj.errcode : '?';
    throw new WechatError(`${url.pathname}: errcode ${errcode} ${errmsg}`.trim());
  }
  return obj;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function wechatProvider(opts: {
  appId: string;
  appSecret: string;
  apiBase: string;
  timeoutMs?: number;
}): WechatProvider {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const base = opts.apiBase.replace(/\/+$/, '');
  return {
    appId: opts.appId,
    async exchange(code) {
      const tokenUrl = new URL(`${base}/sns/oauth2/access_token`);
      tokenUrl.search = new URLSearchParams({
        appid: opts.appId,
        secret: opts.appSecret,
        code,
        grant_type: 'authorization_code',
      }).toString();
      const token = await getJson(tokenUrl, timeoutMs);
      const accessToken = str(token.access_token);
      const openid = str(token.openid);
      if (!accessToken || !openid) throw new WechatError('access_token answer without access_token/openid');
      const infoUrl = new URL(`${base}/sns/userinfo`);
      infoUrl.search = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' }).toString();
      const info = await getJson(infoUrl, timeoutMs);
      if (str(info.openid) !== openid) throw new WechatError('userinfo answered another openid');
      return {
        openid,
        unionid: str(info.unionid) ?? str(token.unionid),
        nickname: typeof info.nickname === 'string' ? info.nickname : null,
        headimgurl: str(info.headimgurl),
      };
    },
  };
}
