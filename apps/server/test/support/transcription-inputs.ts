/** What the local transcription server reads: WAV files (their duration) and multipart bodies. */

/** A valid PCM WAV file of silence (16-bit). */
export function silentWav(durationMs: number, opts: { sampleRate?: number; channels?: number } = {}): Buffer {
  const sampleRate = opts.sampleRate ?? 16_000;
  const channels = opts.channels ?? 1;
  const blockAlign = channels * 2;
  const dataBytes = Math.round((durationMs / 1000) * sampleRate) * blockAlign;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(channels, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * blockAlign, 28);
  buf.writeUInt16LE(blockAlign, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  return buf;
}

/** The duration of a RIFF/WAVE file from its `fmt ` byte rate and `data` size; null when not a WAV. */
export function wavDurationMs(buf: Buffer): number | null {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    return null;
  let byteRate = 0;
  let pos = 12;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('ascii', pos, pos + 4);
    let size = buf.readUInt32LE(pos + 4);
    const start = pos + 8;
    if (id === 'fmt ') {
      if (size < 16 || start + 16 > buf.length) return null;
      const channels = buf.readUInt16LE(start + 2);
      const sampleRate = buf.readUInt32LE(start + 4);
      const bitsPerSample = buf.readUInt16LE(start + 14);
      byteRate = buf.readUInt32LE(start + 8) || (sampleRate * channels * bitsPerSample) / 8;
    } else if (id === 'data') {
      if (!byteRate) return null;
      // streamed WAVs (ffmpeg to a pipe) leave the size unset or too large: the rest of the file
      if (size === 0xffffffff || size === 0 || start + size > buf.length) size = buf.length - start;
      return (size / byteRate) * 1000;
    }
    pos = start + size + (size % 2);
  }
  return null;
}

interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body (RFC 7578) into its parts; null when malformed. */
export function parseMultipart(body: Buffer, contentType: string): Part[] | null {
  const m = /boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(delimiter);
  if (pos < 0) return null;
  pos += delimiter.length;
  const parts: Part[] = [];
  for (;;) {
    if (body.toString('latin1', pos, pos + 2) === '--') return parts;
    // transport padding, then CRLF
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++;
    if (body.toString('latin1', pos, pos + 2) !== '\r\n') return null;
    pos += 2;
    const end = body.indexOf(between, pos);
    if (end < 0) return null;
    const part = body.subarray(pos, end);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) return null;
    const headers = new Map<string, string>();
    for (const line of part.toString('utf8', 0, headerEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    if (!/^form-data\s*(;|$)/i.test(disposition)) return null;
    const params = new Map<string, string>();
    for (const p of disposition.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
      params.set(p[1]!.toLowerCase(), p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : p[3]!);
    }
    const name = params.get('name');
    if (name === undefined) return null;
    const encodedName = params.get('filename*');
    const fileName =
      encodedName !== undefined
        ? decodeURIComponent(encodedName.replace(/^[^']*'[^']*'/, ''))
        : params.get('filename');
    parts.push({
      name,
      ...(fileName !== undefined ? { fileName } : {}),
      ...(headers.has('content-type') ? { contentType: headers.get('content-type')! } : {}),
      data: part.subarray(headerEnd + 4),
    });
    pos = end + between.length;
  }
}
