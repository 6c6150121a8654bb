import { useRef, type ReactNode } from 'react';
import { Button, Upload } from 'antd';
import { FolderOpenOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SUBTITLE_EXTENSIONS } from '@subtrans/subtitles/extensions';
import { droppedFolders, pickFolder, subtitleFilesOf } from '../lib/folder-files';

/**
 * The subtitle upload's file picker: one file or many at once (issue 39), clicked or dropped,
 * or a folder's subtitle files (its button, or the folder dropped). Every file picked or dropped
 * is handed on, one of another kind too (the dialog says why it is refused); a folder gives its
 * subtitle files only. The dialog keeps a single file input: the folder's is made when asked for.
 */
export function SubtitlePicker(props: {
  /** what was chosen, or the invitation to choose */
  text: ReactNode;
  hint: ReactNode;
  onChoose: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  // a folder is being dropped: the Upload's own reading of the drop (the folder as a file) is skipped
  const droppingFolder = useRef(false);
  const dropFolder = (e: React.DragEvent) => {
    const entries = droppedFolders(e.dataTransfer);
    if (!entries) return;
    droppingFolder.current = true;
    setTimeout(() => (droppingFolder.current = false));
    void subtitleFilesOf(entries).then(props.onChoose);
  };
  const chooseFolder = async () => {
    const files = await pickFolder();
    if (files.length) props.onChoose(files);
  };
  return (
    <>
      <div onDropCapture={dropFolder}>
        <Upload.Dragger
          accept={{ format: SUBTITLE_EXTENSIONS.join(','), filter: () => !droppingFolder.current }}
          multiple
          showUploadList={false}
          beforeUpload={(f, list) => {
            // called for each file of a pick, with all of them: the pick is taken once
            if (f === list[0]) props.onChoose(list);
            return false;
          }}
          data-testid="srt-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{props.text}</p>
          <p className="ant-upload-hint">{props.hint}</p>
        </Upload.Dragger>
      </div>
      <Button
        size="small"
        icon={<FolderOpenOutlined />}
        onClick={() => void chooseFolder()}
        style={{ marginTop: 8 }}
        data-testid="srt-folder"
      >
        {t('tasks.batch.folder')}
      </Button>
    </>
  );
}
