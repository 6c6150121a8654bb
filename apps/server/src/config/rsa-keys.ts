import { createPrivateKey, createPublicKey } from 'node:crypto';

/** Keys arrive as PEM (maybe with literal \n, as env files write them) or as bare base64. */
export function normaliseKey(key: string, kind: 'PRIVATE' | 'PUBLIC'): string {
  const text = key.replace(/\\n/g, '\n').trim();
  if (text.startsWith('-----BEGIN')) return `${text}\n`;
  const body = text.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${kind} KEY-----\n${lines.join('\n')}\n-----END ${kind} KEY-----\n`;
}

/** Throws a readable error at start when a key cannot be read. */
export function checkAlipayKeys(privateKey: string, alipayPublicKey: string) {
  try {
    createPrivateKey(normaliseKey(privateKey, 'PRIVATE'));
  } catch {
    throw new Error('ALIPAY_PRIVATE_KEY is not a PKCS8 RSA private key (PEM or base64)');
  }
  try {
    createPublicKey(normaliseKey(alipayPublicKey, 'PUBLIC'));
  } catch {
    throw new Error('ALIPAY_PUBLIC_KEY is not an RSA public key (PEM or base64)');
  }
}
