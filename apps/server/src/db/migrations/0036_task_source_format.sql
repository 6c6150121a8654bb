-- The subtitle format a task's file was in (issue 37), for the export dialog to say what another
-- format cannot carry. NULL: a task from audio/video, or one made before formats were told apart.
ALTER TABLE tasks
  ADD COLUMN source_format text
    CHECK (source_format IN ('srt', 'vtt', 'ass', 'ssa', 'sbv', 'ttml', 'microdvd'));
