-- A door check is claimed by the drain working on it, not deleted before Kisi is asked: a drain that dies
-- part way leaves its claim, which the next drain takes over once it is stale, and a caller that needs
-- its member's doors in line before it answers (the join site's confirm) waits for a claim another drain
-- holds instead of answering before Kisi has been asked (docs/decisions/011-one-membership-lifecycle.md).
ALTER TABLE membership_door_checks ADD COLUMN claim uuid;
--> statement-breakpoint
ALTER TABLE membership_door_checks ADD COLUMN claimed_at timestamp with time zone;
