-- Each organisation's Kisi event-webhook signing key (set on the organisation's own event webhook
-- integration in Kisi), sealed at rest like the API key; null while the organisation has given none, when
-- the platform's key (KISI_WEBHOOK_SECRET) is the one its events are checked with.
ALTER TABLE access_control_integrations ADD COLUMN sealed_webhook_secret text;
