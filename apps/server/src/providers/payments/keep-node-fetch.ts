/**
 * alipay-sdk loads undici 7, which makes its own Agent the global dispatcher of Node's fetch when
 * no dispatcher is set yet; Node 20's fetch then refuses the requests aws4fetch builds (S3 puts
 * fail with "invalid content-length header"). Making a Headers object loads Node's own fetch
 * first, whose dispatcher then stays the global one, whatever order the modules load in.
 */
new Headers();
