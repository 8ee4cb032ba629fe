-- The forecast's charges already made (issue 29): a charge counts unless its membership is still being
-- signed up (staging). Those are few at any time, so the test reads this index of them instead of hashing
-- every membership of the organisation (330 ms at a million members for the day's 85,000 charges).
CREATE INDEX IF NOT EXISTS "subscriptions_staging" ON "subscriptions" USING btree ("id") WHERE "is_staging";
