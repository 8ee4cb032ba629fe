-- Every tenant table carries organisation_id (issue 28, docs/decisions/014-distributing-organisations.md):
-- a job row belongs to the organisation that started it (the bulk price change, decision 009), which
-- until now lived only inside its payload. The column is the one the job's statements are scoped by and
-- the distribution key should the jobs table ever be spread by organisation. Null is left for a job of
-- the whole system (none exists yet).
ALTER TABLE jobs ADD COLUMN organisation_id bigint REFERENCES organisations(id);
--> statement-breakpoint
UPDATE jobs SET organisation_id = (payload->>'organisation_id')::bigint WHERE payload ? 'organisation_id';
--> statement-breakpoint
CREATE INDEX jobs_organisation ON jobs USING btree (organisation_id, id);
