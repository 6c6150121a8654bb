-- Issue 38: the waveform of a media task's audio (audiowaveform's binary format, an object in
-- storage beside the media), made once from the audio its execution extracts, for the editor's
-- timeline. NULL: not made (a subtitle-file task, a task executed before, or in parts).
ALTER TABLE tasks ADD COLUMN peaks_key text;
