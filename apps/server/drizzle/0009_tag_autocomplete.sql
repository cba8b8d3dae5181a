DROP INDEX "tags_usage_idx";--> statement-breakpoint
CREATE INDEX "tags_prefix_canonical_idx" ON "tags" USING btree ("title" text_pattern_ops) WHERE "tags"."deleted_at" is null and "tags"."canonical_id" is null;--> statement-breakpoint
CREATE INDEX "tags_prefix_synonym_idx" ON "tags" USING btree ("title" text_pattern_ops,"canonical_id") WHERE "tags"."deleted_at" is null and "tags"."canonical_id" is not null;--> statement-breakpoint
CREATE INDEX "tags_canonical_usage_idx" ON "tags" USING btree ("usage_count" desc,"title") WHERE "tags"."deleted_at" is null and "tags"."canonical_id" is null;