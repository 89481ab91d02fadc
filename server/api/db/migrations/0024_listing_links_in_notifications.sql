-- Notifications written before their links were built with the listing page's path helper
-- (shared/seo.ts listingPath) named `/listings/{slug}`, an address no page answers: the inbox's
-- links, and the outbox rows still to be sent, now name `/listing/{slug}`.

UPDATE notifications
   SET data = jsonb_set(data, '{url}', to_jsonb('/listing/' || substr(data->>'url', 11)))
 WHERE data->>'url' LIKE '/listings/%';

UPDATE notification_outbox
   SET payload = jsonb_set(payload, '{url}', to_jsonb('/listing/' || substr(payload->>'url', 11)))
 WHERE sent_at IS NULL AND payload->>'url' LIKE '/listings/%';

UPDATE notification_outbox
   SET payload = jsonb_set(payload, '{matches}', (
         SELECT jsonb_agg(CASE WHEN m->>'url' LIKE '/listings/%'
                               THEN jsonb_set(m, '{url}', to_jsonb('/listing/' || substr(m->>'url', 11)))
                               ELSE m END ORDER BY n)
           FROM jsonb_array_elements(payload->'matches') WITH ORDINALITY AS e(m, n)))
 WHERE sent_at IS NULL AND channel = 'email' AND jsonb_typeof(payload->'matches') = 'array'
   AND jsonb_array_length(payload->'matches') > 0;
