-- Every charge that ever failed, with the columns that say whether it was owed at a day's end: the
-- dashboard's past days (who was in grace then) read these 3 % of charges alone, from the index.
CREATE INDEX "charges_org_failed" ON "charges" USING btree ("organisation_id","first_failed_at","paid_at","subscription_id","status") WHERE "charges"."first_failed_at" is not null;