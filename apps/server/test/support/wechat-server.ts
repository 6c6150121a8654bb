import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface WechatPerson {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl?: string;
}

/**
 * A local server following WeChat's open-platform contract for website QR login:
 * GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code and
 * GET /sns/userinfo?access_token&openid, errors as `{errcode, errmsg}` with HTTP 200. `setMode`
 * makes it misbehave: HTTP 500, a body that is not JSON, or no answer at all.
 */
export async function startWechatServer(appId: string, appSecret: string) {
  const codes = new Map<string, WechatPerson>();
  const tokens = new Map<string, WechatPerson>();
  let mode: 'normal' | 'garbage' | 'http500' | 'hang' = 'normal';
  const requests: string[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (mode === 'http500') {
      res.statusCode = 500;
      return res.end('internal error');
    }
    if (mode === 'garbage') return res.end('<html>not json</html>');
    if (mode === 'hang') return; // never answers: the client's timeout has to end it
    if (url.pathname === '/sns/oauth2/access_token') {
      const q = url.searchParams;
      if (q.get('appid') !== appId || q.get('secret') !== appSecret)
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code')
        return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const person = codes.get(q.get('code') ?? '');
      if (!person) return send({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code')!); // a code works once
      const token = randomBytes(12).toString('hex');
      tokens.set(token, person);
      return send({
        access_token: token,
        expires_in: 7200,
        refresh_token: randomBytes(12).toString('hex'),
        openid: person.openid,
        scope: 'snsapi_login',
        ...(person.unionid ? { unionid: person.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const person = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!person || url.searchParams.get('openid') !== person.openid)
        return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      return send({
        openid: person.openid,
        nickname: person.nickname,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: person.headimgurl ?? '',
        privilege: [],
        ...(person.unionid ? { unionid: person.unionid } : {}),
      });
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** every access token handed out (a test checks none reaches the log) */
    issuedTokens: () => [...tokens.keys()],
    /** a code the QR scan would hand back for this person */
    codeFor(person: WechatPerson): string {
      const code = randomBytes(8).toString('hex');
      codes.set(code, person);
      return code;
    },
    setMode(m: typeof mode) {
      mode = m;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
