-- No-op on PostgreSQL, kept so that both stores give the same number to the
-- same change. On SQLite, 0006 adds queue_spaces, the state of the fair
-- claim order across spaces; here jobs run on River, whose queues
-- (reel_prepare, reel_fetch, reel_jobs) keep one kind of work from waiting
-- behind another, and there is no claim order of Reel's own to store.
--
-- Before the numbering was shared, PostgreSQL's files 0006 to 0014 were
-- what are now 0007 to 0015; migrate renames their schema_migrations rows
-- (renumbered in db.go) before it looks for files to apply.
SELECT 1;
