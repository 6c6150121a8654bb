-- An ASS/SSA file kept whole (issue 37): a task made from one exports as the same file with its
-- dialogue translated (script info, styles, comments, drawings, fonts as they came). The body is
-- the file as read (decoded text, at most the upload's 5 MB); it goes with the task's lines.
CREATE TABLE task_documents (
  task_id uuid PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('ass', 'ssa')),
  body text NOT NULL
);
