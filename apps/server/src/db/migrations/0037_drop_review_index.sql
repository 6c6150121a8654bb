-- Issue 36: the task list counts a task's lines to review with their timing faults, reading every
-- line of the task in order (tasks.repository.ts REVIEW_COUNT); the partial index of flagged lines
-- answers no query any more and only costs each flag update a write.
DROP INDEX IF EXISTS task_segments_to_review;
