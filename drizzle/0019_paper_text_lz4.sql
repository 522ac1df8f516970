-- A paper's text is compressed on every save and autosave (and its history copy read back when
-- a version is opened): lz4 does that several times faster than pglz, PostgreSQL's default, for
-- a little more space. Servers built without lz4, PGlite among them, answer
-- feature_not_supported and keep pglz. Values already stored keep the method they were written
-- with; both are read alike.
DO $$
BEGIN
  ALTER TABLE "papers" ALTER COLUMN "content" SET COMPRESSION lz4;
  ALTER TABLE "papers" ALTER COLUMN "autosave_content" SET COMPRESSION lz4;
  ALTER TABLE "paper_history" ALTER COLUMN "content" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
