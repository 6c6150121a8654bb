import { hasSubtitleExtension } from '@subtrans/subtitles/extensions';

/**
 * Issue 39: a folder's subtitle files, dropped or chosen. A folder holds more than subtitles (the
 * videos, pictures): only its subtitle files are taken, from its subfolders too.
 */

/** The folders among what was dropped, read while the drop event lasts (after it, the list is empty); null when none. */
export function droppedFolders(data: DataTransfer | null): FileSystemEntry[] | null {
  const entries = [...(data?.items ?? [])].flatMap((item) => {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry?.() : null;
    return entry ? [entry] : [];
  });
  return entries.some((e) => e.isDirectory) ? entries : null;
}

const isFile = (e: FileSystemEntry): e is FileSystemFileEntry => e.isFile;
const isFolder = (e: FileSystemEntry): e is FileSystemDirectoryEntry => e.isDirectory;

/** A folder's entries: readEntries answers a hundred at a time, until it answers none. */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const some = await new Promise<FileSystemEntry[]>((resolve) =>
      reader.readEntries(resolve, () => resolve([])),
    );
    if (!some.length) return all;
    all.push(...some);
  }
}

/** The subtitle files of dropped entries, folders opened (theirs at any depth). */
export async function subtitleFilesOf(entries: readonly FileSystemEntry[]): Promise<File[]> {
  const files: File[] = [];
  const queue = [...entries];
  while (queue.length) {
    const entry = queue.shift()!;
    if (isFolder(entry)) queue.push(...(await entriesOf(entry)));
    else if (isFile(entry) && hasSubtitleExtension(entry.name)) {
      const file = await new Promise<File | null>((resolve) => entry.file(resolve, () => resolve(null)));
      if (file) files.push(file);
    }
  }
  return files;
}

/**
 * The browser's folder picker (an input made for the choice, so the dialog keeps one file input):
 * answers the folder's subtitle files, none when it is closed without a choice.
 */
export function pickFolder(): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.webkitdirectory = true;
    input.addEventListener('change', () =>
      resolve([...(input.files ?? [])].filter((f) => hasSubtitleExtension(f.name))),
    );
    input.addEventListener('cancel', () => resolve([]));
    input.click();
  });
}
