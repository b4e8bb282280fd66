CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"language" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"token_hash" text,
	"file_name" text,
	"file" "bytea",
	"size_bytes" integer,
	CONSTRAINT "data_exports_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "deletion_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "paused_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "pause_period_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_parent_idx" ON "data_exports" USING btree ("parent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_active_uq" ON "data_exports" USING btree ("parent_id") WHERE "data_exports"."status" in ('queued', 'building');--> statement-breakpoint
CREATE INDEX "data_exports_queue_idx" ON "data_exports" USING btree ("requested_at") WHERE "data_exports"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "parents_deletion_due_idx" ON "parents" USING btree ("deletion_due_at") WHERE "parents"."deletion_due_at" is not null and "parents"."erased_at" is null;