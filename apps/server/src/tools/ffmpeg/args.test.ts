import { describe, expect, it } from 'vitest';
import { toolArgs, UPLOAD_DEMUXERS } from './args.js';

const guardOf = (argv: string[]) => ({
  protocols: argv[argv.indexOf('-protocol_whitelist') + 1],
  formats: argv[argv.indexOf('-format_whitelist') + 1],
});

describe('toolArgs', () => {
  it('puts the guard in front of the input for ffmpeg', () => {
    const argv = toolArgs('ffmpeg', {
      input: '/data/in.mp4',
      formats: UPLOAD_DEMUXERS,
      inputOptions: ['-y'],
      outputOptions: ['-f', 'wav', '/tmp/out.wav'],
    });
    expect(argv).toEqual([
      ...['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-y'],
      ...['-protocol_whitelist', 'file', '-format_whitelist', UPLOAD_DEMUXERS.join(',')],
      ...['-i', '/data/in.mp4', '-f', 'wav', '/tmp/out.wav'],
    ]);
  });

  it('ends an ffprobe argv with the input, after the guard', () => {
    const argv = toolArgs('ffprobe', {
      input: 'https://s3/x.mp4?sig=1',
      formats: ['mov'],
      outputOptions: ['-show_format'],
    });
    expect(argv).toEqual([
      ...['-v', 'error', '-hide_banner', '-protocol_whitelist', 'https,tls,tcp', '-format_whitelist', 'mov'],
      ...['-show_format', 'https://s3/x.mp4?sig=1'],
    ]);
  });

  it('allows only the protocol the input needs', () => {
    const of = (input: string) => guardOf(toolArgs('ffmpeg', { input, formats: ['wav'], outputOptions: [] }));
    expect(of('HTTP://host/a.wav')).toEqual({ protocols: 'http,tcp', formats: 'wav' });
    expect(of('https://host/a.wav').protocols).toBe('https,tls,tcp');
    expect(of('/tmp/a.wav').protocols).toBe('file');
    expect(of('ftp://host/a.wav').protocols).toBe('file');
  });
});
