import type { LoggerOptions } from 'pino';

/**
 * Query parameters that make a URL a credential: our local-disk storage signature (`s`), S3's
 * presigned-URL parameters (Signature Version 4, and version 2 as Aliyun OSS and older S3 clients
 * write it). Anyone holding such a URL can read or write the object until it expires.
 */
const SIGNED_URL_PARAMS = [
  's',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'signature',
  'awsaccesskeyid',
  'ossaccesskeyid',
  'x-oss-signature',
  'x-oss-credential',
  'x-oss-security-token',
];

// a value ends at the next parameter, fragment, whitespace, or the quote/escape that ends the
// JSON string the URL sits in
const SIGNED_PARAM = new RegExp(`([?&](?:${SIGNED_URL_PARAMS.join('|')})=)[^&#"\\s\\\\]*`, 'gi');

/** A log line with the value of every signed-URL parameter replaced, wherever the URL appears. */
export function redactSignedUrls(line: string): string {
  return line.replace(SIGNED_PARAM, '$1[redacted]');
}

/**
 * The server's logger settings: session cookies and tokens are redacted by path, and signed URLs
 * (request URLs of /storage/*, presigned S3 URLs in messages or errors) in the written line, so
 * no field, message or stack can carry one into the log.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-session-id"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    hooks: { streamWrite: redactSignedUrls },
  };
}
