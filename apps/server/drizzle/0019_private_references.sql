CREATE INDEX "form_references_media_idx" ON "form_references" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "request_application_references_media_idx" ON "request_application_references" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "request_media_media_idx" ON "request_media" USING btree ("media_id");--> statement-breakpoint
-- References, request attachments and application references are private (their purpose,
-- reference, is ruled by where they are placed: decision 0004). They used to accept uploads of
-- purpose post too, which are public to anyone with the link; such an upload placed only in
-- those private places becomes a reference, so it follows their rules. One also placed in a post
-- was published by its owner and stays public.
UPDATE "media" SET "purpose" = 'reference'
WHERE "purpose" = 'post'
  AND ("id" IN (SELECT "media_id" FROM "form_references")
    OR "id" IN (SELECT "media_id" FROM "request_media")
    OR "id" IN (SELECT "media_id" FROM "request_application_references"))
  AND "id" NOT IN (SELECT "media_id" FROM "post_media");
