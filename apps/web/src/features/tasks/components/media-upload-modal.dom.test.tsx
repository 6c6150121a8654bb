import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { API, MEDIA_TYPE } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import type * as MultipartUpload from '../../../lib/multipart-upload';
import { mediaTracking } from '../api/media';
import { MediaUploadModal } from './media-upload-modal';
import { choose, dropFile, fakeServer, renderWithApp } from './test-support';

// the parts' PUTs to storage are multipart-upload.ts's own (tested there): here the file is stored at once
const uploadFile = vi.hoisted(() => vi.fn(async () => ({ objectKey: 'uploads/clip.mp4' })));
vi.mock('../../../lib/multipart-upload', async (original) => ({
  ...(await original<typeof MultipartUpload>()),
  uploadFile,
  resumableBytes: () => 0,
}));

const i18n = await initI18n('en');

function server() {
  return fakeServer({
    [API.translationEngines]: () => [{ name: 'deepseek', enabled: true, reason: null }],
    [API.fileSubmitCheck]: () => ({ taskId: '7a0c1f0e-3b3e-4d6a-9f1e-1d2c3b4a5f60' }),
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  uploadFile.mockClear();
  localStorage.clear();
});

const submit = () => fireEvent.click(screen.getByTestId('media-upload-submit'));
const clip = () => new File([new Uint8Array(2048)], 'clip.mp4', { type: 'video/mp4' });

// antd forms render slowly on a busy machine
describe('the audio/video upload modal', { timeout: 30_000 }, () => {
  it('asks for the target language and a file before uploading anything', async () => {
    const api = server();
    renderWithApp(i18n, <MediaUploadModal open onClose={() => undefined} />);
    submit();
    expect(await screen.findByText('Choose the target language')).toBeTruthy();
    expect(await screen.findByText('Choose an audio or video file')).toBeTruthy();
    await choose('media-target', 'English');
    submit();
    expect(await screen.findByText('Choose an audio or video file')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
    expect(api.to(API.fileSubmitCheck)).toEqual([]);
  });

  it('refuses a file that is neither audio nor video, and an empty one', async () => {
    server();
    renderWithApp(i18n, <MediaUploadModal open onClose={() => undefined} />);
    dropFile('media-file', new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Select a video or audio file')).toBeTruthy();
    dropFile('media-file', new File([], 'empty.mp3', { type: 'audio/mpeg' }));
    await waitFor(() => expect(screen.queryByText('Select a video or audio file')).toBeNull());
    expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy();
  });

  it('uploads the file, then submits it for detection with the chosen options', async () => {
    const api = server();
    const onSubmitted = vi.fn();
    const onClose = vi.fn();
    renderWithApp(i18n, <MediaUploadModal open onClose={onClose} onSubmitted={onSubmitted} />);
    dropFile('media-file', clip());
    expect((await screen.findByTestId('media-file-name')).textContent).toBe('clip.mp4');
    await choose('media-target', 'Japanese');
    fireEvent.click(screen.getByTestId('media-bilingual'));
    await waitFor(() => expect(screen.getByTestId('media-engine').textContent).toContain('DeepSeek'));
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('7a0c1f0e-3b3e-4d6a-9f1e-1d2c3b4a5f60'));
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(api.to(API.fileSubmitCheck)).toEqual([
      {
        objectKey: 'uploads/clip.mp4',
        sourceLau: 'auto',
        type: MEDIA_TYPE.video,
        targetLau: 'ja',
        both: 2,
        translationService: 'deepseek',
        keepEngineBreaks: false,
        // issue 26's options: stored with the task, so a confirmation elsewhere keeps them
        glossaryIds: [],
        seriesId: null,
        formality: 'source',
        translatorNote: '',
        reviewTerms: false,
      },
    ]);
    expect(onClose).toHaveBeenCalled();
    // the line-break option is off unless switched on; it goes with the detection and the execution
    expect(mediaTracking.snapshot().find((m) => m.taskId === onSubmitted.mock.calls[0]![0])).toMatchObject({
      keepEngineBreaks: false,
    });
  });

  it("sends the option to keep the engine's line breaks with the detection, and keeps it for the execution", async () => {
    const api = server();
    const onSubmitted = vi.fn();
    renderWithApp(i18n, <MediaUploadModal open onClose={() => undefined} onSubmitted={onSubmitted} />);
    dropFile('media-file', clip());
    await choose('media-target', 'Japanese');
    await waitFor(() => expect(screen.getByTestId('media-engine').textContent).toContain('DeepSeek'));
    fireEvent.click(screen.getByTestId('media-keep-breaks'));
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    // stored with the task: an execution started later from the task list keeps it
    expect(api.to(API.fileSubmitCheck)).toEqual([expect.objectContaining({ keepEngineBreaks: true })]);
    const taskId = onSubmitted.mock.calls[0]![0] as string;
    expect(mediaTracking.snapshot().find((m) => m.taskId === taskId)).toMatchObject({
      stage: 'detect',
      keepEngineBreaks: true,
    });
  });
});
