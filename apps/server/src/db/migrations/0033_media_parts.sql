-- An audio/video file translated in parts (issue 34): each part transcribes and translates a
-- stretch of the audio, paid by the minute; the next part starts where its transcript stopped.
ALTER TABLE tasks
  -- how far the completed parts transcribed the audio (ms; the next part starts here); NULL: the
  -- whole audio (or the task is not an audio/video task translated in parts)
  ADD COLUMN audio_done_ms integer CHECK (audio_done_ms IS NULL OR audio_done_ms >= 0),
  -- the end of the stretch the running (or last) part pays for and transcribes; NULL: the file's end
  ADD COLUMN audio_part_end_ms integer CHECK (audio_part_end_ms IS NULL OR audio_part_end_ms > 0),
  -- where the running part's transcript stopped (at a cue), set with its transcript; becomes
  -- audio_done_ms when the part completes; NULL: at the file's end
  ADD COLUMN audio_cut_ms integer CHECK (audio_cut_ms IS NULL OR audio_cut_ms >= 0);
