-- Why a failed section of the AI Writing Process failed, shown on its row.
ALTER TABLE "writing_sections" ADD COLUMN "error" text;
